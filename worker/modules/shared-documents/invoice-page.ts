/**
 * The client's invoice page (/i/<token>): the invoice as the CRM prints it, on the
 * shared document page (modules/shared-documents/document-page.ts): no script, readable at 375 px and printable on A4.
 * At the top, where it stands in the client's words ("Due 11 Dec 2026", "Overdue since 12 Dec
 * 2026", "Paid on 3 Dec 2026") and the total, with a link down to a "How to pay" box: the studio's
 * bank details and the reference to quote, since the client pays by bank transfer. A paid invoice
 * asks for nothing: no due date, no How to pay, no payment notes. Everything stored goes through
 * escapeHtml.
 */
import {
  isLate,
  showsVat,
  vatNoteFor,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceStatus,
  type VatTreatment,
} from "../../../contract/invoice";
import type { StudioSettings } from "../../../contract/settings";
import { dayAfter, documentPage, linesTable, longDate, plainTextHtml, shortDate, summaryBox, type DocumentStanding } from "./document-page";
import { formatGbp } from "../../platform/money";
import { escapeHtml } from "../../platform/safe-json";

/** What the client reads: the invoice as it now is. */
export interface InvoiceContent {
  id: string;
  number: string;
  /** A payment request is not a VAT invoice (docs/decisions/0063): the page says so, and shows no VAT. */
  kind: InvoiceKind;
  status: InvoiceStatus;
  date: string;
  due_date: string;
  paid_date: string | null;
  vat_treatment: VatTreatment;
  lines: InvoiceLine[];
  total: number;
  client_name: string | null;
  project_title: string | null;
  contact_email: string | null;
  /** Payments received less refunds: the balance due is the total less this. */
  amount_paid: number;
  /** Payments on their way (a bank payment Stripe has not confirmed yet). */
  processing: number;
}

export interface InvoicePageData {
  studio: StudioSettings;
  /** Where the client writes to: the studio inbox. */
  studioEmail: string;
  invoice: InvoiceContent;
  /** Today in London: a Sent invoice past its due date reads as Overdue before the nightly job marks it. */
  today: string;
  /** Where Pay £X now posts, when the studio takes payments online (Stripe set up); else bank transfer only. */
  payOnline?: { action: string } | null;
  /** Back from Stripe's payment page: thanked, and told the payment is being confirmed until it is. */
  returnedFromPayment?: boolean;
}

/**
 * The number (never broken across lines), the dates, the How to pay box and the studio's notes. On
 * the narrowest phones the box's facts stack, label over value: beside "Account number" the whole
 * reference would reach past a 320 px screen.
 */
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
.pay-online{margin:.75rem 0 1.25rem}
.pay-online button{font:inherit;font-weight:700;background:#0f172a;color:#fff;border:0;border-radius:.5rem;padding:.75rem 1.5rem;cursor:pointer;min-height:44px}
.pay-online button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.notes{margin-top:1.5rem}
@media (max-width:25rem){.pay dl.facts{grid-template-columns:1fr;gap:0}.pay dl.facts dd{margin-bottom:.5rem}}
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

/** What is still owed and what was paid beyond the total, in pence so they never drift. */
export function balanceOf(inv: Pick<InvoiceContent, "total" | "amount_paid">) {
  const owed = Math.round(inv.total * 100) - Math.round(inv.amount_paid * 100);
  return { due: Math.max(owed, 0) / 100, overpaid: Math.max(-owed, 0) / 100 };
}

/** Pay £X now: a plain form, so it works without script, to the route that opens Stripe's payment page. */
const payOnlineForm = (action: string, due: number) =>
  `<form method="post" action="${escapeHtml(action)}" class="pay-online"><button type="submit">Pay ${formatGbp(due)} now</button></form>
<p class="note">Pay now by card, Apple Pay or Google Pay on Stripe's secure page, with no card surcharge; or by bank transfer as below.</p>`;

/** How to pay: the amount and when, the reference to quote, the studio's bank details; or the thanks once paid. */
function payment(data: InvoicePageData, status: InvoiceStatus): string {
  const { invoice: inv, studio, studioEmail } = data;
  const { due, overpaid } = balanceOf(inv);
  if (status === "Paid")
    return `<section class="pay paid" aria-label="Payment"><p>${inv.paid_date ? `Paid on ${longDate(inv.paid_date)}.` : "Paid."} Thank you.</p>${
      overpaid > 0
        ? `<p class="note">You paid ${formatGbp(overpaid)} more than this invoice: we will be in touch to refund or credit it.</p>`
        : ""
    }</section>`;
  const paidSoFar = inv.amount_paid > 0 ? ` You have paid ${formatGbp(inv.amount_paid)} of ${formatGbp(inv.total)} so far.` : "";
  const when =
    status === "Overdue"
      ? `<p class="late">This invoice was due on ${longDate(inv.due_date)}. Please pay ${formatGbp(due)} as soon as you can.${paidSoFar}</p>`
      : `<p>Please pay <strong>${formatGbp(due)}</strong> by bank transfer by <strong>${longDate(inv.due_date)}</strong>.${paidSoFar}</p>`;
  const onItsWay =
    inv.processing > 0
      ? `<p class="note" role="status">A payment of ${formatGbp(inv.processing)} is on its way: this page will show it once your bank confirms it.</p>`
      : data.returnedFromPayment
        ? `<p class="note" role="status">Thank you: your payment is being confirmed. This page will show it in a moment.</p>`
        : "";
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
${onItsWay}
${data.payOnline ? payOnlineForm(data.payOnline.action, due) : ""}
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
      ...(!paid && inv.amount_paid > 0
        ? { detail: `Paid so far ${formatGbp(inv.amount_paid)} · <strong>Balance due ${formatGbp(balanceOf(inv).due)}</strong>` }
        : {}),
      vatIncluded: showsVat(studio, inv),
      actions: paid ? [] : [{ href: "#pay-heading", label: "How to pay", primary: true }],
      actionsLabel: "Paying this invoice",
    }),
    `<div class="parties"><section aria-labelledby="bill-to"><h2 id="bill-to">Bill to</h2><p>${escapeHtml(inv.client_name ?? "—")}</p>${
      inv.project_title ? `<p class="note">Project: ${escapeHtml(inv.project_title)}</p>` : ""
    }</section><dl class="facts">${dates}</dl></div>`,
    `<section aria-label="Items">${linesTable(inv.lines, inv.total, { shown: showsVat(studio, inv), note: vatNoteFor(studio, inv) })}</section>`,
    payment(data, status),
    studio.invoice_notes && !paid ? `<section class="notes note" aria-label="Notes">${plainTextHtml(studio.invoice_notes)}</section>` : "",
  ].join("\n");
  return documentPage(`${noun} ${inv.number} – ${studio.studio_name}`, studio, body, INVOICE_STYLE);
}
