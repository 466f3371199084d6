/** /api/crm/settings: the studio details on printed invoices. Everyone reads them; only an Owner changes them. */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { studioSettingsInput } from "../../contract/settings";
import { jsonBody } from "../lib/validate";
import { ownerOnly } from "../middleware/auth";
import { getStudioSettings, saveStudioSettings } from "../services/settings";
import { publish } from "../live/publish";
import { auditSourceOf } from "../middleware/audit";

export const settingsRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getStudioSettings(c.get("db"), c.env.STUDIO_NAME), 200))
  .put("/", ownerOnly, jsonBody(studioSettingsInput), async (c) => {
    const saved = await saveStudioSettings(c.get("db"), c.req.valid("json"), c.env.STUDIO_NAME, await auditSourceOf(c));
    publish(c, { entity: "settings", op: "update", id: "studio" });
    return c.json(saved, 200);
  });
