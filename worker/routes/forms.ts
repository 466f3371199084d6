/** Public enquiry forms: POST /api/contact, /api/redesign, /api/valuation. */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { contactInput, redesignInput, submissionMeta, valuationInput, type FormKind } from "../../contract/form-submission";
import { jsonBody } from "../lib/validate";
import { clientIp } from "../middleware/auth";
import { ipHash, limitKeyOf } from "../lib/client-info";
import { acceptSubmission } from "../services/form-submissions";
import { publish } from "../live/publish";

async function accept(
  c: Context<AppEnv>,
  kind: FormKind,
  body: Record<string, unknown> & { website_url?: string; page?: string; utm?: Record<string, string> },
) {
  const { website_url, page, utm, ...payload } = body;
  // A filled honeypot is a bot: it sees the same answer as a person and nothing is stored.
  if (website_url) return c.json({ ok: true as const }, 201);
  const ip = clientIp(c);
  const sender = { ipKey: await ipHash(ip, c.env.SESSION_SECRET), limitKey: await limitKeyOf(ip, c.env.SESSION_SECRET) };
  const stored = await acceptSubmission(c.env, c.get("db"), kind, payload, { page, utm }, sender);
  // After the e-mail's outcome is recorded, so other tabs also see a failed notification.
  publish(c, { entity: "leads", op: stored.newLead ? "create" : "update", id: stored.leadId });
  return c.json({ ok: true as const }, 201);
}

export const forms = new Hono<AppEnv>()
  .post("/contact", jsonBody(contactInput.extend(submissionMeta.shape)), async (c) => accept(c, "contact", c.req.valid("json")))
  .post("/redesign", jsonBody(redesignInput.extend(submissionMeta.shape)), async (c) => accept(c, "redesign", c.req.valid("json")))
  .post("/valuation", jsonBody(valuationInput.extend(submissionMeta.shape)), async (c) => accept(c, "valuation", c.req.valid("json")));
