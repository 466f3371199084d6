/** Proposals sent to leads or clients. */
import * as z from "zod";
import type { Instalment } from "./instalment";
import { expectedVersion, optionalDate, optionalMoney } from "./common";
import { invoiceLine, linesTotal, singleLine, type InvoiceLine } from "./invoice";
import { paymentSchedule, scheduleAmounts, scheduledInstalment, scheduleProblem, type PaymentSchedule } from "./payment-schedule";
import { notificationStatuses } from "./preview-feedback";
import { sharedLink } from "./shared-link";
import { optionalText, requiredText } from "./text";

export const proposalStatuses = ["Draft", "Sent", "Accepted", "Rejected"] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/** Sections and lines a proposal may have. */
export const PROPOSAL_SECTIONS_MAX = 20;
export const PROPOSAL_LINES_MAX = 50;

/**
 * One part of the document (Scope, Timeline, …): a heading and plain text, paragraphs separated
 * by a blank line and bullets as lines starting "- ". No markup is stored, so none can be injected.
 */
export const proposalSection = z
  .object({
    heading: requiredText({ max: 120, required: "Heading is required" }),
    body: requiredText({ max: 10_000, multiline: true, required: "Write this section or remove it" }),
  })
  .strict();
export type ProposalSection = z.infer<typeof proposalSection>;

export const proposalSections = z
  .array(proposalSection)
  .max(PROPOSAL_SECTIONS_MAX, `A proposal has at most ${PROPOSAL_SECTIONS_MAX} sections`);
/** The same line items as invoices (description, quantity, unit price in £, VAT included: docs/decisions/0005). */
export const proposalLines = z
  .array(invoiceLine)
  .max(PROPOSAL_LINES_MAX, `A proposal has at most ${PROPOSAL_LINES_MAX} lines`)
  .refine((lines) => linesTotal(lines) <= 1_000_000_000, "That is too large");

/**
 * The client's answer on their page (/p/<token>, docs/decisions/0021-clients-answer-proposals.md): Accepted or Declined, by the name
 * they typed. An acceptance also keeps a hash of the exact content accepted and a copy of it.
 */
export const proposalResponseKinds = ["accepted", "declined"] as const;
export type ProposalResponseKind = (typeof proposalResponseKinds)[number];

export const proposalResponse = z.object({
  kind: z.enum(proposalResponseKinds),
  full_name: z.string(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type ProposalResponse = z.infer<typeof proposalResponse>;

/** A question from the client, or the studio's reply, on the client's page. */
export const proposalMessageAuthors = ["client", "studio"] as const;
export const proposalMessage = z.object({
  id: z.string(),
  author: z.enum(proposalMessageAuthors),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type ProposalMessage = z.infer<typeof proposalMessage>;

/**
 * A message as the CRM lists it, with how its e-mail went: a question's to the studio, a reply's to
 * the client (who is e-mailed the answer with their link). A failed one can be sent again.
 */
export const crmProposalMessage = proposalMessage.extend({
  email_status: z.enum(notificationStatuses),
  email_error: z.string().nullable(),
});
export type CrmProposalMessage = z.infer<typeof crmProposalMessage>;

export const proposal = z.object({
  id: z.string(),
  title: z.string(),
  /** The total: the lines' sum, or null with no lines. The pipeline's sums use it. */
  value: z.number().nullable(),
  intro: z.string().nullable(),
  sections: z.array(proposalSection),
  lines: z.array(invoiceLine),
  valid_until: z.string().nullable(),
  terms: z.string().nullable(),
  /** The instalments, each with its amount for the total (contract/payment-schedule.ts). */
  payment_schedule: z.array(scheduledInstalment),
  status: z.enum(proposalStatuses),
  sent_date: z.string().nullable(),
  due_date: z.string().nullable(),
  lead_id: z.string().nullable(),
  client_id: z.string().nullable(),
  /** The project its acceptance started or carried on (docs/decisions/0063). */
  project_id: z.string().nullable(),
  notes: z.string().nullable(),
  lead: z.object({ id: z.string(), name: z.string() }).nullable(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Where Share offers to e-mail the link: the lead's address, or the client's first. */
  contact_email: z.string().nullable(),
  /** Its live shared link, if any: when it was made and how often the client has opened it. */
  share: sharedLink.nullable(),
  /** The client's latest answer on their page, if any. */
  response: proposalResponse.nullable(),
  /** Questions the client has asked on their page. */
  questions: z.number().int(),
  /** Once accepted: its schedule as instalments, each waiting, requested, invoiced or paid (contract/instalment.ts). */
  instalments: z.array(z.custom<Instalment>()),
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
  intro: optionalText(10_000, { multiline: true }),
  sections: proposalSections.optional(),
  /** The line items; the value is worked out from them. */
  lines: proposalLines.optional(),
  valid_until: optionalDate,
  /** Left out on a new proposal: the studio's default terms (Settings). */
  terms: optionalText(20_000, { multiline: true }),
  /** Left out on a new proposal: the studio's default payment schedule (Settings). */
  payment_schedule: paymentSchedule.optional(),
};

type LinesOrValue = { lines?: InvoiceLine[]; value?: number | null };
/**
 * Lines, or a value, or both when they agree: never two different totals for one proposal. A value
 * left empty beside lines is theirs to work out (the form leaves it empty).
 */
const valueMatchesLines = (v: LinesOrValue) => !v.lines || v.value == null || linesTotal(v.lines) === v.value;
const valueMismatch = { path: ["value"], message: "The value must equal the sum of the lines" };

/** The total an input or patch gives, when it gives one: its lines' sum, or its value. */
const totalGiven = (v: LinesOrValue): number | null | undefined => (v.lines ? (v.lines.length ? linesTotal(v.lines) : null) : v.value);

/** What is wrong with a proposal's payment schedule for its total, in the words of contract/payment-schedule.ts; null when it adds up. */
export const paymentScheduleProblem = (schedule: PaymentSchedule, total: number | null) =>
  scheduleProblem(scheduleAmounts(schedule, total));

type WithSchedule = LinesOrValue & { payment_schedule?: PaymentSchedule };
/**
 * A schedule given with its total must add up to it, said by how much it is off. A patch that gives
 * only one of the two is checked by the worker against the other as stored (modules/proposals/proposals.ts).
 */
const scheduleAddsUp = (kind: "input" | "patch") => (v: WithSchedule, ctx: z.RefinementCtx) => {
  if (!v.payment_schedule) return;
  const total = totalGiven(v);
  if (total === undefined && kind === "patch") return;
  const problem = paymentScheduleProblem(v.payment_schedule, total ?? null);
  if (problem) ctx.addIssue({ code: "custom", path: ["payment_schedule"], message: problem });
};

/**
 * The lines and value an input or patch gives the proposal, or nothing when it changes neither: a
 * value alone (the API before line items) becomes one line named after the proposal.
 */
export function proposalTotals(v: LinesOrValue, title: string): { lines: InvoiceLine[]; value: number | null } | undefined {
  if (v.lines) return { lines: v.lines, value: v.lines.length ? linesTotal(v.lines) : null };
  if (v.value === undefined) return undefined;
  return v.value === null ? { lines: [], value: null } : { lines: [singleLine(v.value, title)], value: v.value };
}
const oneParty = (p: { lead_id?: string | null; client_id?: string | null }) => !(p.lead_id && p.client_id);
/** A proposal is always for someone: the pipeline's sums and the accept workflow follow its lead or client. */
export const PARTY_REQUIRED = "Choose the lead or client this proposal is for";
export const proposalInput = z
  .object(proposalFields)
  .strict()
  .refine(oneParty, { message: "Choose a lead or a client, not both", path: ["client_id"] })
  .refine((p) => !!(p.lead_id || p.client_id), { message: PARTY_REQUIRED, path: ["lead_id"] })
  .refine(valueMatchesLines, valueMismatch)
  .superRefine(scheduleAddsUp("input"));
export type ProposalInput = z.input<typeof proposalInput>;
export const proposalPatch = z
  .object({ ...proposalFields, status: z.enum(proposalStatuses), ...expectedVersion })
  .partial()
  .required({ updated_at: true })
  .strict()
  .refine(oneParty, { message: "Choose a lead or a client, not both", path: ["client_id"] })
  .refine(valueMatchesLines, valueMismatch)
  .superRefine(scheduleAddsUp("patch"));
/** What a PATCH sends: the fields that change and the `updated_at` it was read at. */
export type ProposalPatch = z.input<typeof proposalPatch>;

export const ACCEPT_CHECKBOX_LABEL = "I accept this proposal and its terms";
export const STALE_PROPOSAL_MESSAGE = "This proposal has been updated. Please review it before accepting.";
const RESPONDER_NAME_MAX = 120;
export const PROPOSAL_QUESTION_MAX = 5000;
export const PROPOSAL_DECLINE_REASON_MAX = 2000;

const responderName = requiredText({
  min: 2,
  max: RESPONDER_NAME_MAX,
  required: "Please type your full name",
  tooLong: `Your name must be at most ${RESPONDER_NAME_MAX} characters`,
});
/** Which version of the page the client read: the hash of its content, sent back with the answer. */
const pageVersion = z.string().min(1, STALE_PROPOSAL_MESSAGE).max(128, STALE_PROPOSAL_MESSAGE);

/** POST /p/<token>/accept: a plain form, so the tick arrives as "yes" (or JSON true). */
export const proposalAcceptInput = z
  .object({
    full_name: responderName,
    agree: z.union([z.literal(true), z.literal("yes")], { error: "Please tick the box to accept the proposal" }),
    version: pageVersion,
  })
  .strict();
export type ProposalAcceptInput = z.input<typeof proposalAcceptInput>;

/** POST /p/<token>/decline */
export const proposalDeclineInput = z
  .object({
    full_name: responderName,
    reason: optionalText(PROPOSAL_DECLINE_REASON_MAX, {
      multiline: true,
      tooLong: `The reason must be at most ${PROPOSAL_DECLINE_REASON_MAX.toLocaleString("en-GB")} characters`,
    }),
    version: pageVersion,
  })
  .strict();
export type ProposalDeclineInput = z.input<typeof proposalDeclineInput>;

/** POST /p/<token>/questions */
export const proposalQuestionInput = z
  .object({
    author_name: responderName,
    body: requiredText({
      max: PROPOSAL_QUESTION_MAX,
      multiline: true,
      required: "Please write your question",
      tooLong: `Your question must be at most ${PROPOSAL_QUESTION_MAX.toLocaleString("en-GB")} characters`,
    }),
  })
  .strict();
export type ProposalQuestionInput = z.input<typeof proposalQuestionInput>;

/** POST /api/crm/proposals/:id/messages: the studio's reply, shown on the client's page. */
export const proposalReplyInput = z
  .object({
    body: requiredText({
      max: PROPOSAL_QUESTION_MAX,
      multiline: true,
      required: "Reply is required",
      tooLong: `A reply must be at most ${PROPOSAL_QUESTION_MAX.toLocaleString("en-GB")} characters`,
    }),
  })
  .strict();
export type ProposalReplyInput = z.input<typeof proposalReplyInput>;
