/** /api/crm/clients */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listClients } from "../services/clients";

export const clientsRoute = new Hono<AppEnv>().get("/", async (c) => c.json({ clients: await listClients(c.get("db")) }, 200));
