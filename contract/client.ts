/** Studio clients. */
import * as z from "zod";
import { expectedVersion } from "./common";
import type { LeadActivity } from "./lead-activity";
import { normalisedString, optionalText, requiredText } from "./text";

/**
 * A business can be charged the Late Payment Act's compensation and interest; a consumer cannot
 * (docs/decisions/0065-late-payment-charges.md).
 */
export const clientTypes = ["Business", "Consumer"] as const;
export type ClientType = (typeof clientTypes)[number];

export const clientServiceOptions = ["Web Design", "Mobile App", "Branding", "E-commerce", "SEO", "Marketing", "Consulting"] as const;

export const client = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  services: z.array(z.string()),
  notes: z.string().nullable(),
  active: z.boolean(),
  client_type: z.enum(clientTypes),
  /** Based outside the UK: their invoices carry no UK VAT, and the note Settings give for it. */
  outside_uk: z.boolean(),
  preview_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Client = z.infer<typeof client>;
/** A client as the Clients list shows it: with its open preview comments counted. */
export const clientListItem = client.extend({ open_comments: z.number() });
export type ClientListItem = z.infer<typeof clientListItem>;
/** An entry of a lead converted into the client, on the client's activity, with the lead's name. */
export type ClientLeadActivity = LeadActivity & { lead_name: string };

const uniqueList = (item: z.ZodString, label: string) =>
  z
    .array(item)
    .max(20)
    .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, `That ${label} is already listed`);

/** Only http(s): a website is rendered as a link, and `javascript:` is a URL too. */
export const websiteUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "Please enter a valid website URL" });

// No defaults here: a PATCH must leave out what it does not change (defaults are added on create).
export const clientFields = {
  name: requiredText({ max: 200, required: "Name is required" }),
  website: normalisedString()
    .max(500, "Please enter a valid website URL")
    .pipe(z.union([z.literal(""), websiteUrl]))
    .nullable()
    .optional()
    .transform((v) => v || null),
  emails: uniqueList(normalisedString().min(1, "Email cannot be blank").email("Please enter a valid email address").max(254), "email"),
  phones: uniqueList(requiredText({ max: 50, required: "Phone cannot be blank" }), "phone"),
  services: uniqueList(requiredText({ max: 60, required: "Service cannot be blank" }), "service"),
  notes: optionalText(10_000, { multiline: true }),
  active: z.boolean(),
  client_type: z.enum(clientTypes, { error: "Choose Business or Consumer" }),
  outside_uk: z.boolean(),
};
export const clientInput = z
  .object({
    ...clientFields,
    emails: clientFields.emails.default([]),
    phones: clientFields.phones.default([]),
    services: clientFields.services.default([]),
    active: clientFields.active.default(true),
    client_type: clientFields.client_type.default("Business"),
    outside_uk: clientFields.outside_uk.default(false),
  })
  .strict();
export type ClientInput = z.input<typeof clientInput>;
export const clientPatch = z
  .object({ ...clientFields, ...expectedVersion })
  .partial()
  .required({ updated_at: true })
  .strict();
/** What a PATCH sends: the fields that change and the `updated_at` it was read at. */
export type ClientPatch = z.input<typeof clientPatch>;
