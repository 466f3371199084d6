/**
 * Export for Xero: the invoices of a period as rows of Xero's sales-invoice import file (one row
 * per line; an invoice's rows share its number), in files of at most 500 invoices, which is what
 * one Xero import takes. Xero imports them as drafts and matches payments from the bank feed
 * (docs/decisions/0062-export-for-xero.md). The period's credit notes against those invoices go
 * in a file of Xero's credit-note import, which has its own number and date columns and no due
 * date, amounts positive (docs/decisions/0068-credit-notes.md).
 */
import * as z from "zod";
import { isoDate } from "./common";
import type { Invoice } from "./invoice";
import { requiredText } from "./text";

/** The most invoices Xero takes in one import file. */
export const XERO_MAX_INVOICES = 500;

/** The columns of Xero's own template, in its order; an asterisk marks what Xero requires. */
export const XERO_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;
export type XeroColumn = (typeof XERO_COLUMNS)[number];

/** Xero's credit-note template: the invoice one with its own number and date, and no due date. */
const creditNoteColumnFor = { "*InvoiceNumber": "*CreditNoteNumber", "*InvoiceDate": "*CreditNoteDate" } as const;
type Renamed = keyof typeof creditNoteColumnFor;
type XeroCreditNoteColumn = Exclude<XeroColumn, "*DueDate" | Renamed> | (typeof creditNoteColumnFor)[Renamed];
export const XERO_CREDIT_NOTE_COLUMNS: readonly XeroCreditNoteColumn[] = XERO_COLUMNS.filter((c) => c !== "*DueDate").map((c) =>
  c in creditNoteColumnFor ? creditNoteColumnFor[c as Renamed] : (c as Exclude<XeroColumn, "*DueDate" | Renamed>),
);
export type XeroCreditNoteRow = Partial<Record<XeroCreditNoteColumn, string>>;
/** A row of the file; the columns the CRM has nothing for are left out, and written empty. */
export type XeroRow = Partial<Record<XeroColumn, string>>;

/** Xero UK's chart of accounts codes sales as 200. */
export const DEFAULT_XERO_ACCOUNT_CODE = "200";
/** Xero's rate for lines with no UK VAT: an unregistered studio's, a client outside the UK's, a late-payment charge's. */
export const XERO_NO_VAT = "No VAT";
/** The tax rate's display name in Xero UK: the standard rate for a VAT-registered studio, else none. */
export const defaultXeroTaxType = (vatRegistered: boolean) => (vatRegistered ? "20% (VAT on Income)" : XERO_NO_VAT);

/** The account and tax rate every exported line is coded to, as they are named in the studio's Xero. */
export const xeroSettings = z.object({ account_code: z.string(), tax_type: z.string() });
export type XeroSettings = z.infer<typeof xeroSettings>;

/** PUT /api/crm/settings/xero, from the copy the form was loaded from (null when never saved). */
export const xeroSettingsInput = z
  .object({
    account_code: requiredText({ max: 10, required: "Account Code is required" }).refine(
      (s) => /^[A-Za-z0-9.\-_]+$/.test(s),
      "Use the account's code as Xero shows it, e.g. 200",
    ),
    tax_type: requiredText({ max: 50, required: "Tax Type is required" }),
    updated_at: z.string().min(1).nullable(),
  })
  .strict();
export type XeroSettingsInput = z.input<typeof xeroSettingsInput>;

export const XERO_PERIOD_ORDER_MESSAGE = "The start date must be on or before the end date";
/** GET /api/crm/invoices/xero: the period, both days included, by the invoices' own dates. */
export const xeroExportQuery = z
  .object({ from: isoDate, to: isoDate })
  .strict()
  // Only once both are dates: a malformed one has its own message.
  .refine((q) => !(isoDate.safeParse(q.from).success && isoDate.safeParse(q.to).success) || q.from <= q.to, {
    message: XERO_PERIOD_ORDER_MESSAGE,
    path: ["to"],
  });
export type XeroExportQuery = z.input<typeof xeroExportQuery>;

/** What an invoice contributes: sent ones only (a draft was never asked for), with its client's name. */
export type XeroInvoice = Pick<
  Invoice,
  "number" | "client_name" | "contact_email" | "project_title" | "date" | "due_date" | "lines" | "status" | "vat_treatment"
>;

/** 2026-01-31 → 31/01/2026, as Xero UK reads dates. */
export const xeroDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Whether Xero is given the invoice: every status but Draft. */
export const isExportedToXero = (invoice: Pick<Invoice, "status">) => invoice.status !== "Draft";

/** One row per line of each invoice, in the order given. Prices are VAT-inclusive, as the invoices' are. */
export function xeroRows(invoices: readonly XeroInvoice[], settings: XeroSettings): XeroRow[] {
  return invoices.flatMap((inv) =>
    inv.lines.map((line) => ({
      "*ContactName": inv.client_name ?? "",
      EmailAddress: inv.contact_email ?? "",
      "*InvoiceNumber": inv.number,
      Reference: inv.project_title ?? "",
      "*InvoiceDate": xeroDate(inv.date),
      "*DueDate": xeroDate(inv.due_date),
      "*Description": line.description,
      "*Quantity": String(line.quantity),
      "*UnitAmount": line.unit_price.toFixed(2),
      "*AccountCode": settings.account_code,
      "*TaxType": inv.vat_treatment === "standard" ? settings.tax_type : XERO_NO_VAT,
      Currency: "GBP",
    })),
  );
}

/** A credit note as the export reads it: against a VAT invoice Xero was given, with that invoice's VAT treatment. */
export interface XeroCreditNote {
  number: string;
  date: string;
  amount: number;
  description: string;
  invoice_number: string;
  client_name: string | null;
  contact_email: string | null;
  vat_treatment: Invoice["vat_treatment"];
}

/** One row per credit note, its amount positive (Xero knows a credit note credits), the invoice it credits as its Reference. */
export function xeroCreditNoteRows(notes: readonly XeroCreditNote[], settings: XeroSettings): XeroCreditNoteRow[] {
  return notes.map((note) => ({
    "*ContactName": note.client_name ?? "",
    EmailAddress: note.contact_email ?? "",
    "*CreditNoteNumber": note.number,
    Reference: note.invoice_number,
    "*CreditNoteDate": xeroDate(note.date),
    "*Description": note.description,
    "*Quantity": "1",
    "*UnitAmount": note.amount.toFixed(2),
    "*AccountCode": settings.account_code,
    "*TaxType": note.vat_treatment === "standard" ? settings.tax_type : XERO_NO_VAT,
    Currency: "GBP",
  }));
}

/** The invoices in files Xero takes: at most XERO_MAX_INVOICES each, an invoice never split between two. */
export function xeroFiles(invoices: readonly XeroInvoice[], settings: XeroSettings): XeroRow[][] {
  const files: XeroRow[][] = [];
  for (let i = 0; i < invoices.length; i += XERO_MAX_INVOICES) files.push(xeroRows(invoices.slice(i, i + XERO_MAX_INVOICES), settings));
  return files;
}

/** GET /api/crm/invoices/xero answers this. */
export interface XeroExport {
  invoices: number;
  files: XeroRow[][];
  /** The period's credit notes against the exported invoices, in files of at most XERO_MAX_INVOICES. */
  credit_notes: number;
  credit_note_files: XeroCreditNoteRow[][];
}

/** The credit notes in files of at most XERO_MAX_INVOICES, as Xero takes them. */
export function xeroCreditNoteFiles(notes: readonly XeroCreditNote[], settings: XeroSettings): XeroCreditNoteRow[][] {
  const files: XeroCreditNoteRow[][] = [];
  for (let i = 0; i < notes.length; i += XERO_MAX_INVOICES) files.push(xeroCreditNoteRows(notes.slice(i, i + XERO_MAX_INVOICES), settings));
  return files;
}
