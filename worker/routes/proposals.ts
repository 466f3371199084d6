/** /api/crm/proposals */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { listProposals } from "../services/proposals";

export const proposalsRoute = new Hono<AppEnv>().get("/", async (c) => c.json({ proposals: await listProposals(c.get("db")) }, 200));
