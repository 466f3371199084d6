/**
 * /api/crm/mail: Unfiled mail for Owner and Sales (list, file on a lead or client, make
 * a lead, delete), one message as its timeline entry opens it, and, for the Owner, the refusals.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { mailFileInput, mailLeadInput } from "../../../contract/mail";
import { jsonBody } from "../../platform/validate";
import { deleteMail, fileMail, getMail, leadFromMail, listUnfiled } from "./mail";
import { mailRefusals } from "./mail-filing";
import { publish } from "../live";

export const mailRoute = new Hono<AppEnv>()
  .get("/unfiled", async (c) => c.json(await listUnfiled(c.get("db")), 200))
  .get("/refusals", async (c) => c.json(await mailRefusals(c.get("db")), 200))
  .get("/:id", async (c) => c.json({ message: await getMail(c.get("db"), c.req.param("id")) }, 200))
  .post("/:id/file", jsonBody(mailFileInput), async (c) => {
    const message = await fileMail(c.get("db"), c.req.param("id"), c.req.valid("json"), c.get("user"));
    publish(c, { entity: "mail", op: "update", id: message.id });
    publish(c, { entity: "activities", op: "create", id: null });
    return c.json({ message }, 200);
  })
  .post("/:id/lead", jsonBody(mailLeadInput), async (c) => {
    const { leadId, mail } = await leadFromMail(c.get("db"), c.req.param("id"), c.req.valid("json").updated_at, c.get("user"));
    publish(c, { entity: "mail", op: "update", id: mail.id });
    publish(c, { entity: "leads", op: "create", id: leadId });
    publish(c, { entity: "activities", op: "create", id: null });
    return c.json({ lead_id: leadId, message: mail }, 201);
  })
  .delete("/:id", async (c) => {
    await deleteMail(c.get("db"), c.req.param("id"));
    publish(c, { entity: "mail", op: "delete", id: c.req.param("id") });
    return c.json({ ok: true as const }, 200);
  });
