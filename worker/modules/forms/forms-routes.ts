/** Public enquiry forms: POST /api/contact, /api/redesign, /api/valuation. */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../env";
import type * as z from "zod";
import {
  contactInput,
  formActions,
  FORM_SENT_ID,
  redesignInput,
  submissionMeta,
  valuationInput,
  type FormKind,
} from "../../../contract/form-submission";
import { nativeForm, type FormPage } from "../../http/native-form";
import { jsonBody } from "../../platform/validate";
import { clientIp, senderOf } from "../../platform/client-info";
import { acceptSubmission, type FormBody } from "./form-submissions";
import { publish } from "../live";

async function accept(c: Context<AppEnv>, form: FormBody, { website_url, page, utm }: FormExtras) {
  // A filled honeypot is a bot: it sees the same answer as a person and nothing is stored.
  if (website_url) return c.json({ ok: true as const }, 201);
  const ip = clientIp(c);
  const stored = await acceptSubmission(c.env, c.get("db"), form, { page, utm }, await senderOf(ip, c.env.SESSION_SECRET));
  // After the e-mail's outcome is recorded, so other tabs also see a failed notification.
  publish(c, { entity: "leads", op: stored.newLead ? "create" : "update", id: stored.leadId });
  return c.json({ ok: true as const }, 201);
}

/** What travels with every form besides its fields: the honeypot and where it was sent from. */
type FormExtras = z.output<typeof submissionMeta> & { website_url?: string };

/** The page each form is on: a native post that fails is answered with it, one that succeeds is sent to its success message. */
const pageOf = (kind: FormKind, path: string): FormPage => ({
  path,
  action: formActions[kind],
  sent: `${path}#${FORM_SENT_ID}`,
  recordsOrigin: true,
});
const formPages = {
  contact: pageOf("contact", "/contact"),
  redesign: pageOf("redesign", "/free-redesign"),
  valuation: pageOf("valuation", "/portfolio/amco-real-estate"),
};

export const forms = new Hono<AppEnv>()
  .post("/contact", nativeForm(formPages.contact), jsonBody(contactInput.extend(submissionMeta.shape)), async (c) => {
    const { website_url, page, utm, ...body } = c.req.valid("json");
    return accept(c, { kind: "contact", body }, { website_url, page, utm });
  })
  .post("/redesign", nativeForm(formPages.redesign), jsonBody(redesignInput.extend(submissionMeta.shape)), async (c) => {
    const { website_url, page, utm, ...body } = c.req.valid("json");
    return accept(c, { kind: "redesign", body }, { website_url, page, utm });
  })
  .post("/valuation", nativeForm(formPages.valuation), jsonBody(valuationInput.extend(submissionMeta.shape)), async (c) => {
    const { website_url, page, utm, ...body } = c.req.valid("json");
    return accept(c, { kind: "valuation", body }, { website_url, page, utm });
  });
