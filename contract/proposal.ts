/** Proposals sent to leads or clients. */
import { z } from "zod";
import { expectedVersion, optionalDate, optionalMoney } from "./common";
import { optionalText, requiredText } from "./text";

export const proposalStatuses = ["Draft", "Sent", "Accepted", "Rejected"] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

export const proposal = z.object({
  id: z.string(),
  title: z.string(),
  value: z.number().nullable(),
  status: z.enum(proposalStatuses),
  sent_date: z.string().nullable(),
  due_date: z.string().nullable(),
  lead_id: z.string().nullable(),
  client_id: z.string().nullable(),
  notes: z.string().nullable(),
  lead: z.object({ id: z.string(), name: z.string() }).nullable(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Proposal = z.infer<typeof proposal>;

const proposalFields = {
  title: requiredText({ max: 200, required: "Title is required" }),
  value: optionalMoney,
  status: z.enum(proposalStatuses).default("Draft"),
  sent_date: optionalDate,
  due_date: optionalDate,
  lead_id: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => v || null),
  client_id: z
    .string()
    .max(64)
    .nullable()
    .optional()
    .transform((v) => v || null),
  notes: optionalText(10_000, { multiline: true }),
};
const oneParty = (p: { lead_id?: string | null; client_id?: string | null }) => !(p.lead_id && p.client_id);
/** A proposal is always for someone: the pipeline's sums and the accept workflow follow its lead or client. */
export const PARTY_REQUIRED = "Choose the lead or client this proposal is for";
export const proposalInput = z
  .object(proposalFields)
  .strict()
  .refine(oneParty, { message: "Choose a lead or a client, not both", path: ["client_id"] })
  .refine((p) => !!(p.lead_id || p.client_id), { message: PARTY_REQUIRED, path: ["lead_id"] });
export type ProposalInput = z.input<typeof proposalInput>;
export const proposalPatch = z
  .object({ ...proposalFields, status: z.enum(proposalStatuses), ...expectedVersion })
  .partial()
  .required({ updated_at: true })
  .strict()
  .refine(oneParty, { message: "Choose a lead or a client, not both", path: ["client_id"] });
/** What a PATCH sends: the fields that change and the `updated_at` it was read at. */
export type ProposalPatch = z.input<typeof proposalPatch>;
