/**
 * /api/crm/settings: the studio details on printed invoices, the forecast's stage weights, the Xero export's coding
 * the late-payment rates and the payment reminders' wording.
 * Everyone reads them; only an Owner changes them.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { stageWeightsInput, studioSettingsInput } from "../../../contract/settings";
import { xeroSettingsInput } from "../../../contract/xero";
import { jsonBody } from "../../platform/validate";
import { ownerOnly } from "../users-and-auth";
import { getStageWeights, getStudioSettings, saveStageWeights, saveStudioSettings } from "./settings";
import { getXeroSettings, saveXeroSettings } from "./xero-settings";
import { getLatePaymentSettings, saveLatePaymentSettings } from "./late-payment-settings";
import { latePaymentSettingsInput } from "../../../contract/late-payment-settings";
import { getPaymentReminderSettings, savePaymentReminderSettings } from "./payment-reminder-settings";
import { paymentReminderSettingsInput } from "../../../contract/payment-reminders";
import { publish } from "../live";
import { auditSourceOf } from "../audit";

export const settingsRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await getStudioSettings(c.get("db"), c.env.STUDIO_NAME), 200))
  .put("/", ownerOnly, jsonBody(studioSettingsInput), async (c) => {
    const saved = await saveStudioSettings(c.get("db"), c.req.valid("json"), c.env.STUDIO_NAME, await auditSourceOf(c));
    publish(c, { entity: "settings", op: "update", id: "studio" });
    return c.json(saved, 200);
  })
  .get("/stage-weights", async (c) => c.json(await getStageWeights(c.get("db")), 200))
  .put("/stage-weights", ownerOnly, jsonBody(stageWeightsInput), async (c) => {
    const saved = await saveStageWeights(c.get("db"), c.req.valid("json"), await auditSourceOf(c));
    publish(c, { entity: "settings", op: "update", id: "stage_weights" });
    return c.json(saved, 200);
  })
  .get("/xero", async (c) => c.json(await getXeroSettings(c.get("db"), c.env.STUDIO_NAME), 200))
  .put("/xero", ownerOnly, jsonBody(xeroSettingsInput), async (c) => {
    const saved = await saveXeroSettings(c.get("db"), c.req.valid("json"), c.env.STUDIO_NAME, await auditSourceOf(c));
    publish(c, { entity: "settings", op: "update", id: "xero" });
    return c.json(saved, 200);
  })
  .get("/late-payment", async (c) => c.json(await getLatePaymentSettings(c.get("db")), 200))
  .put("/late-payment", ownerOnly, jsonBody(latePaymentSettingsInput), async (c) => {
    const saved = await saveLatePaymentSettings(c.get("db"), c.req.valid("json"), await auditSourceOf(c));
    publish(c, { entity: "settings", op: "update", id: "late_payment" });
    return c.json(saved, 200);
  })
  .get("/reminders", async (c) => c.json(await getPaymentReminderSettings(c.get("db")), 200))
  .put("/reminders", ownerOnly, jsonBody(paymentReminderSettingsInput), async (c) => {
    const saved = await savePaymentReminderSettings(c.get("db"), c.req.valid("json"), await auditSourceOf(c));
    publish(c, { entity: "settings", op: "update", id: "payment_reminders" });
    return c.json(saved, 200);
  });
