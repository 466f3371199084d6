/**
 * Credit notes and cancelling a project (docs/decisions/0068-credit-notes.md). Cancelling asks, per
 * document the project's schedule raised, what the studio's Terms keep: the whole, nothing, or an
 * amount; the rest is credited with a credit note against that document.
 */
import * as z from "zod";
import { money } from "./common";
import type { InvoiceKind } from "./invoice-values";

export const creditNote = z.object({
  id: z.string(),
  /** CN-1001 on, its own gap-free series. */
  number: z.string(),
  invoice_id: z.string(),
  /** The credited document's number and kind, as its line names it. */
  invoice_number: z.string(),
  invoice_kind: z.enum(["invoice", "payment_request"]),
  client_id: z.string(),
  client_name: z.string().nullable(),
  project_id: z.string().nullable(),
  /** Pounds credited, VAT included where the credited document had it. */
  amount: z.number(),
  /** The VAT inside the amount: the credited VAT invoice's rate; 0 against a payment request or where none was charged. */
  vat: z.number(),
  description: z.string(),
  date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CreditNote = z.infer<typeof creditNote>;

/** What the Terms keep of one document: all of it, none of it, or an amount in pounds. */
export const keepChoices = ["all", "none", "amount"] as const;
export type KeepChoice = (typeof keepChoices)[number];

export const documentKept = z
  .object({
    invoice_id: z.string().min(1).max(64),
    keep: z.enum(keepChoices, { error: "Choose what the Terms keep" }),
    amount: money.nullable().optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.keep === "amount" && (d.amount === null || d.amount === undefined))
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount the Terms keep" });
  });

/** POST /api/crm/projects/:id/cancel, from the copy of the project the dialog was opened with. */
export const cancelProjectInput = z
  .object({
    documents: z.array(documentKept).max(100),
    updated_at: z.string().min(1, "updated_at is required"),
  })
  .strict()
  .refine((v) => new Set(v.documents.map((d) => d.invoice_id)).size === v.documents.length, {
    path: ["documents"],
    message: "Each document once",
  });
export type CancelProjectInput = z.input<typeof cancelProjectInput>;

/** A document the cancel dialog lists: what it asked for, what was paid, what is still owed. */
export interface CancellableDocument {
  id: string;
  number: string;
  kind: InvoiceKind;
  total: number;
  paid: number;
  credited: number;
  balance: number;
}

const pence = (pounds: number) => Math.round(pounds * 100);

/** The credit a choice leaves, in pounds: the total less what is kept (never below nothing). */
export function creditFor(total: number, d: { keep: KeepChoice; amount?: number | null }): number {
  const kept = d.keep === "all" ? total : d.keep === "none" ? 0 : (d.amount ?? total);
  return Math.max(pence(total) - pence(kept), 0) / 100;
}

/** The credit note's line: "Credit for INV-1002: <description>". */
export const creditLine = (invoiceNumber: string, description: string) => `Credit for ${invoiceNumber}: ${description}`.slice(0, 300);
