/** Public enquiries: contact messages, free-redesign requests and valuation bookings. */
import * as z from "zod";
import { budgetOptions, type BudgetValue } from "./budget-options";
import { UTM_VALUE_MAX, utmKeys } from "./utm";
import { normalisedString, requiredText } from "./text";

export { formActions, FORM_SENT_ID } from "./form-actions";

export const formKinds = ["contact", "redesign", "valuation"] as const;
export type FormKind = (typeof formKinds)[number];
export const emailStatuses = ["pending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

const email = normalisedString().email("Please enter a valid email address").max(254, "Please enter a valid email address");
const name = requiredText({ min: 2, max: 120, required: "Name must be at least 2 characters" });
/** Bots fill every field; people never see this one. */
const honeypot = { website_url: z.string().max(500).optional() };

export const contactInput = z.object({
  name,
  email,
  subject: requiredText({ min: 5, max: 200, required: "Subject must be at least 5 characters" }),
  message: requiredText({ min: 10, max: 5000, required: "Message must be at least 10 characters", multiline: true }),
  ...honeypot,
});
export type ContactInput = z.input<typeof contactInput>;

const budgetValues = budgetOptions.map((b) => b.value) as [BudgetValue, ...BudgetValue[]];

export const redesignInput = z.object({
  name,
  email,
  budget: z.enum(budgetValues, { error: "Please select a budget range" }),
  // People type "whitfieldjoinery.co.uk", not "https://…": a bare domain is stored with https://.
  currentWebsite: normalisedString()
    .max(500, "Please enter a valid website URL")
    .transform((v) => (v && !/^[a-z][a-z\d+.-]*:/i.test(v) ? `https://${v}` : v))
    .pipe(
      z.union([z.literal(""), z.url({ protocol: /^https?$/, hostname: /\.[a-z\d-]{2,}$/i, error: "Please enter a valid website URL" })]),
    )
    .optional(),
  projectDescription: requiredText({
    min: 10,
    max: 5000,
    required: "Please provide at least 10 characters describing your project",
    multiline: true,
  }),
  ...honeypot,
});
export type RedesignInput = z.input<typeof redesignInput>;

/** Amco Real Estate's 'Book A Valuation' form. */
export const valuationInput = z.object({
  name,
  email,
  phone: normalisedString()
    .min(7, "Please enter a valid phone number")
    .max(30, "Please enter a valid phone number")
    .regex(/^[+\d][\d\s()-]*$/, "Please enter a valid phone number"),
  propertyAddress: requiredText({ min: 5, max: 300, required: "Please enter the property address" }),
  message: normalisedString({ multiline: true }).max(2000, "Must be at most 2,000 characters").optional(),
  ...honeypot,
});
export type ValuationInput = z.input<typeof valuationInput>;

/** Where a form was sent from, recorded with the submission. Unknown campaign keys are dropped, not refused. */
export const submissionMeta = z.object({
  page: normalisedString().max(300).optional(),
  utm: z
    .object(
      Object.fromEntries(utmKeys.map((k) => [k, normalisedString().max(UTM_VALUE_MAX).optional()])) as Record<
        (typeof utmKeys)[number],
        z.ZodOptional<z.ZodString>
      >,
    )
    .optional()
    .transform((utm) => {
      const kept = Object.entries(utm ?? {}).filter((e): e is [string, string] => !!e[1]);
      return kept.length ? Object.fromEntries(kept) : undefined;
    }),
});
