/** /api/crm/clients */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { clientInput, clientPatch } from "../../../contract/client";
import { jsonBody } from "../../platform/validate";
import { activeClientOptions, createClient, deleteClient, getClient, listClientActivities, listClients, updateClient } from "./clients";
import { publish } from "../live";
import { auditSourceOf } from "../audit";

export const clientsRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ clients: await listClients(c.get("db")) }, 200))
  .get("/options", async (c) => c.json({ clients: await activeClientOptions(c.get("db")) }, 200))
  .post("/", jsonBody(clientInput), async (c) => {
    const client = await createClient(c.get("db"), c.req.valid("json"));
    publish(c, { entity: "clients", op: "create", id: client.id });
    return c.json({ client }, 201);
  })
  .get("/:id", async (c) => c.json(await getClient(c.get("db"), c.req.param("id")), 200))
  .get("/:id/activities", async (c) => c.json(await listClientActivities(c.get("db"), c.req.param("id"), c.env.STUDIO_NAME), 200))
  .patch("/:id", jsonBody(clientPatch), async (c) => {
    const client = await updateClient(c.get("db"), c.req.param("id"), c.req.valid("json"));
    publish(c, { entity: "clients", op: "update", id: client.id });
    return c.json({ client }, 200);
  })
  .delete("/:id", async (c) => {
    await deleteClient(c.get("db"), c.env.PREVIEWS, c.req.param("id"), await auditSourceOf(c));
    publish(c, { entity: "clients", op: "delete", id: c.req.param("id") });
    return c.json({ ok: true as const }, 200);
  });
