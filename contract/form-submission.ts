/** Public enquiries: contact messages, free-redesign requests and valuation bookings. */
import { z } from "zod";
import { budgetOptions, type BudgetValue } from "./budget-options";
import { UTM_VALUE_MAX, utmKeys } from "./utm";

export { formActions, FORM_SENT_ID } from "./form-actions";

export const formKinds = ["contact", "redesign", "valuation"] as const;
export type FormKind = (typeof formKinds)[number];
export const emailStatuses = ["pending", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

const email = z.string().trim().email("Please enter a valid email address").max(254);
const name = z.string().trim().min(2, "Name must be at least 2 characters").max(120);
/** Bots fill every field; people never see this one. */
const honeypot = { website_url: z.string().max(500).optional() };

export const contactInput = z.object({
  name,
  email,
  subject: z.string().trim().min(5, "Subject must be at least 5 characters").max(200),
  message: z.string().trim().min(10, "Message must be at least 10 characters").max(5000),
  ...honeypot,
});
export type ContactInput = z.input<typeof contactInput>;

const budgetValues = budgetOptions.map((b) => b.value) as [BudgetValue, ...BudgetValue[]];

export const redesignInput = z.object({
  name,
  email,
  budget: z.enum(budgetValues, { error: "Please select a budget range" }),
  currentWebsite: z.union([z.string().trim().url("Please enter a valid website URL").max(500), z.literal("")]).optional(),
  projectDescription: z.string().trim().min(10, "Please provide at least 10 characters describing your project").max(5000),
  ...honeypot,
});
export type RedesignInput = z.input<typeof redesignInput>;

/** Amco Real Estate's 'Book A Valuation' form. */
export const valuationInput = z.object({
  name,
  email,
  phone: z
    .string()
    .trim()
    .min(7, "Please enter a valid phone number")
    .max(30, "Please enter a valid phone number")
    .regex(/^[+\d][\d\s()-]*$/, "Please enter a valid phone number"),
  propertyAddress: z.string().trim().min(5, "Please enter the property address").max(300),
  message: z.string().trim().max(2000).optional(),
  ...honeypot,
});
export type ValuationInput = z.input<typeof valuationInput>;

/** Where a form was sent from, recorded with the submission. Unknown campaign keys are dropped, not refused. */
export const submissionMeta = z.object({
  page: z.string().max(300).optional(),
  utm: z
    .object(
      Object.fromEntries(utmKeys.map((k) => [k, z.string().max(UTM_VALUE_MAX).optional()])) as Record<
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
