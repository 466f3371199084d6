/**
 * The client's invoice page (/i/<token>): the invoice as the CRM prints it, on the
 * shared document page (modules/shared-documents/document-page.ts): no script, readable at 375 px and printable on A4.
 * At the top, where it stands in the client's words ("Due 11 Dec 2026", "Overdue since 12 Dec
 * 2026", "Paid on 3 Dec 2026") and the total, with a link down to a "How to pay" box: the studio's
 * bank details and the reference to quote, since the client pays by bank transfer. A paid invoice
 * asks for nothing: no due date, no How to pay, no payment notes. Everything stored goes through
 * escapeHtml.
 */
import { isLate, type InvoiceKind, type InvoiceLine, type InvoiceStatus } from "../../../contract/invoice";
import type { StudioSettings } from "../../../contract/settings";
import { dayAfter, documentPage, linesTable, longDate, plainTextHtml, shortDate, summaryBox, type DocumentStanding } from "./document-page";
import { formatGbp } from "../../platform/money";
import { escapeHtml } from "../../platform/safe-json";

/** What the client reads: the invoice as it now is. */
export interface InvoiceContent {
  number: string;
  /** A payment request is not a VAT invoice (docs/decisions/0063): the page says so, and shows no VAT. */
  kind: InvoiceKind;
  status: InvoiceStatus;
  date: string;
  due_date: string;
  paid_date: string | null;
  lines: InvoiceLine[];
  total: number;
  client_name: string | null;
  project_title: string | null;
}

export interface InvoicePageData {
  studio: StudioSettings;
  /** Where the client writes to: the studio inbox. */
  studioEmail: string;
  invoice: InvoiceContent;
  /** Today in London: a Sent invoice past its due date reads as Overdue before the nightly job marks it. */
  today: string;
}

/** The number (never broken across lines), the dates, the How to pay box and the studio's notes. */
const INVOICE_STYLE = `
.doc-head h1{margin:0 0 1rem;font-size:clamp(1.35rem,6vw,1.75rem)}
.number{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:700;white-space:nowrap}
.parties{display:flex;flex-wrap:wrap;justify-content:space-between;gap:1rem 2.5rem;margin:1.5rem 0 .5rem}
.parties h2{margin:0 0 .25rem;font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#475569}
.parties p{margin:0}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:.25rem 1rem;margin:0;align-content:start}
dl.facts dt{color:#475569}
dl.facts dd{margin:0}
.pay{border:2px solid #0f172a;border-radius:.5rem;padding:1rem 1.25rem;margin-top:2rem;break-inside:avoid}
.pay h2{margin-top:0}
.pay dl.facts{margin:.75rem 0}
.pay.paid{border-color:#15803d}
.pay.paid p{margin:0;font-weight:600;color:#15803d}
.ref{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-weight:700;font-size:1.1rem;white-space:nowrap}
.late{color:#b91c1c;font-weight:600}
.notes{margin-top:1.5rem}
`;

/** The status the client sees: Sent past its due date is Overdue, as the CRM counts it. */
const shownStatus = (inv: InvoiceContent, today: string): InvoiceStatus => (isLate(inv, today) ? "Overdue" : inv.status);

/** Where the invoice stands, as the client would say it. */
function standingOf(inv: InvoiceContent, status: InvoiceStatus): DocumentStanding {
  if (status === "Paid") return { text: inv.paid_date ? `Paid on ${shortDate(inv.paid_date)}` : "Paid", tone: "done" };
  if (status === "Overdue") return { text: `Overdue since ${shortDate(dayAfter(inv.due_date))}`, tone: "late" };
  return { text: `Due ${shortDate(inv.due_date)}`, tone: "waiting" };
}

const fact = (label: string, value: string, cls = "") => `<dt>${label}</dt><dd${cls ? ` class="${cls}"` : ""}>${value}</dd>`;

/** How to pay: the amount and when, the reference to quote, the studio's bank details; or the thanks once paid. */
function payment(data: InvoicePageData, status: InvoiceStatus): string {
  const { invoice: inv, studio, studioEmail } = data;
  if (status === "Paid")
    return `<section class="pay paid" aria-label="Payment"><p>${inv.paid_date ? `Paid on ${longDate(inv.paid_date)}.` : "Paid."} Thank you.</p></section>`;
  const when =
    status === "Overdue"
      ? `<p class="late">This invoice was due on ${longDate(inv.due_date)}. Please pay ${formatGbp(inv.total)} as soon as you can.</p>`
      : `<p>Please pay <strong>${formatGbp(inv.total)}</strong> by bank transfer by <strong>${longDate(inv.due_date)}</strong>.</p>`;
  const bank = [
    studio.bank_name ? fact("Bank", escapeHtml(studio.bank_name)) : "",
    studio.bank_account_name ? fact("Account name", escapeHtml(studio.bank_account_name)) : "",
    studio.bank_sort_code ? fact("Sort code", escapeHtml(studio.bank_sort_code)) : "",
    studio.bank_account_number ? fact("Account number", escapeHtml(studio.bank_account_number)) : "",
  ].join("");
  // Without an account to pay into, the client is told whom to ask rather than shown half the details.
  const hasAccount = Boolean(studio.bank_sort_code && studio.bank_account_number);
  const contact = `<a href="mailto:${escapeHtml(studioEmail)}">${escapeHtml(studioEmail)}</a>`;
  return `<section class="pay" aria-labelledby="pay-heading">
<h2 id="pay-heading">How to pay</h2>
${when}
<dl class="facts">${fact("Reference", escapeHtml(inv.number), "ref")}${hasAccount ? bank : ""}</dl>
<p class="note">${
    hasAccount
      ? "Please quote the reference with your payment, so we can match it to this invoice."
      : `For our bank details, please write to ${contact}, quoting the reference.`
  }</p>
</section>`;
}

/** The invoice as the client reads it: the CRM's printed invoice with its status and how to pay it. */
export function invoicePageHtml(data: InvoicePageData): string {
  const { invoice: inv } = data;
  const request = inv.kind === "payment_request";
  // A payment request shows no VAT: it is not a VAT invoice, and the one raised when it is paid does.
  const studio = request ? { ...data.studio, vat_number: null } : data.studio;
  const noun = request ? "Payment request" : "Invoice";
  const status = shownStatus(inv, data.today);
  const paid = status === "Paid";
  // Once paid, nothing on the page asks for money: no due date, no How to pay, no payment notes.
  const dates = [
    fact(`${noun} date`, longDate(inv.date)),
    paid ? "" : fact("Due date", longDate(inv.due_date)),
    paid && inv.paid_date ? fact("Paid", longDate(inv.paid_date)) : "",
  ].join("");
  const body = [
    `<div class="doc-head"><h1>${noun} <span class="number">${escapeHtml(inv.number)}</span></h1>${
      request ? `<p class="not-vat"><strong>This is not a VAT invoice.</strong> We send the VAT invoice when it is paid.</p>` : ""
    }</div>`,
    summaryBox({
      standing: standingOf(inv, status),
      total: inv.total,
      vatIncluded: Boolean(studio.vat_number),
      actions: paid ? [] : [{ href: "#pay-heading", label: "How to pay", primary: true }],
      actionsLabel: "Paying this invoice",
    }),
    `<div class="parties"><section aria-labelledby="bill-to"><h2 id="bill-to">Bill to</h2><p>${escapeHtml(inv.client_name ?? "—")}</p>${
      inv.project_title ? `<p class="note">Project: ${escapeHtml(inv.project_title)}</p>` : ""
    }</section><dl class="facts">${dates}</dl></div>`,
    `<section aria-label="Items">${linesTable(inv.lines, inv.total, studio)}</section>`,
    payment(data, status),
    studio.invoice_notes && !paid ? `<section class="notes note" aria-label="Notes">${plainTextHtml(studio.invoice_notes)}</section>` : "",
  ].join("\n");
  return documentPage(`${noun} ${inv.number} – ${studio.studio_name}`, studio, body, INVOICE_STYLE);
}
