/** Public enquiry forms: POST /api/contact, /api/redesign, /api/valuation. */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { contactInput, redesignInput, submissionMeta, valuationInput, type FormKind } from "../../contract/form-submission";
import { jsonBody } from "../lib/validate";
import { clientIp } from "../middleware/auth";
import { ipBucket, ipHash } from "../lib/client-info";
import { deliverNotification, enquiryOf, notificationMail, storeSubmission } from "../services/form-submissions";
import { publish } from "../live/publish";

async function accept(
  c: Context<AppEnv>,
  kind: FormKind,
  body: Record<string, unknown> & { website_url?: string; page?: string; utm?: Record<string, string> },
) {
  const { website_url, page, utm, ...payload } = body;
  // A filled honeypot is a bot: it sees the same answer as a person and nothing is stored.
  if (website_url) return c.json({ ok: true as const }, 201);
  const db = c.get("db");
  const enquiry = enquiryOf(kind, payload);
  const ip = clientIp(c);
  const meta = { ipKey: await ipHash(ip, c.env.SESSION_SECRET), page, utm };
  // Counted like sign-in, an IPv6 sender by its /64: one subscriber can rotate through a whole /64.
  const limitKey = await ipHash(ipBucket(ip), c.env.SESSION_SECRET);
  const stored = await storeSubmission(db, kind, payload, enquiry, meta, limitKey);
  publish(c, { entity: "leads", op: stored.newLead ? "create" : "update", id: stored.leadId });
  await deliverNotification(c.env, db, stored.id, notificationMail(kind, enquiry, meta, c.env.STUDIO_INBOX));
  return c.json({ ok: true as const }, 201);
}

export const forms = new Hono<AppEnv>()
  .post("/contact", jsonBody(contactInput.extend(submissionMeta.shape)), async (c) => accept(c, "contact", c.req.valid("json")))
  .post("/redesign", jsonBody(redesignInput.extend(submissionMeta.shape)), async (c) => accept(c, "redesign", c.req.valid("json")))
  .post("/valuation", jsonBody(valuationInput.extend(submissionMeta.shape)), async (c) => accept(c, "valuation", c.req.valid("json")));
