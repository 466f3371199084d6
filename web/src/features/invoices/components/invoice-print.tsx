/**
 * The printable invoice: studio details, client, project, its lines, the VAT line when registered,
 * dates, status. When Studio Details lack the address or the bank details it says so above the
 * sheet and asks before printing, since such an invoice cannot be paid.
 */
import { useState } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Printer, TriangleAlert } from "lucide-react";
// Totals are what the client pays, VAT included (docs/decisions/0005): a VAT-registered studio shows the VAT in them.
import { lineAmount, showsVat, vatIncludedIn, vatNoteFor, VAT_RATE_PERCENT } from "@contract/invoice";
import type { StudioSettings } from "@contract/settings";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api";
import { formatDate, formatMoney } from "@/lib/format";
import { invoiceQueryOptions, studioSettingsQueryOptions } from "@/features/invoices/api/invoices";
import { paidSummary } from "./paid-summary";

/** A4, no CRM chrome: everything but the sheet is hidden when printing (an invoice, or a credit note). */
export const PRINT_CSS = `
@page { size: A4; margin: 18mm; }
@media print {
  html, body { background: #fff !important; }
  body * { visibility: hidden !important; }
  .invoice-sheet, .invoice-sheet * { visibility: visible !important; }
  .invoice-sheet { position: absolute; left: 0; top: 0; width: 100%; margin: 0 !important; border: 0 !important; box-shadow: none !important; padding: 0 !important; }
  .no-print { display: none !important; }
}`;

export const BackToInvoices = () => (
  <Link to="/crm/invoices" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
    <ArrowLeft className="size-4" aria-hidden="true" />
    Back to Invoices
  </Link>
);

/** The sheet's place while it loads. */
export const PrintPending = ({ height }: { height: string }) => (
  <div className="mx-auto max-w-3xl space-y-4" aria-busy="true">
    <BackToInvoices />
    <Skeleton className={`${height} w-full`} />
  </div>
);

/** What the page says when the document (an invoice, a credit note) or the studio details would not load. */
export function PrintFailed({ noun, error }: { noun: string; error: unknown }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <BackToInvoices />
      <div className="rounded-xl border border-slate-200 bg-white p-10 text-center">
        <h1 className="text-xl font-semibold">
          {isApiError(error) && error.status === 404 ? `${noun[0].toUpperCase()}${noun.slice(1)} not found` : `Could not load this ${noun}`}
        </h1>
      </div>
    </div>
  );
}

/** Who the document is from, as every printed document starts. */
export const StudioBlock = ({ studio }: { studio: StudioSettings }) => (
  <div>
    <p className="text-2xl font-bold">{studio.studio_name}</p>
    <p className="mt-2 text-sm whitespace-pre-line text-slate-600">{studio.address}</p>
    {studio.vat_number && <p className="mt-1 text-sm text-slate-600">VAT No. {studio.vat_number}</p>}
  </div>
);

export function InvoicePrint({ id }: { id: string }) {
  const invoiceQuery = useQuery(invoiceQueryOptions(id));
  const settingsQuery = useQuery(studioSettingsQueryOptions());
  const [confirming, setConfirming] = useState(false);

  const back = <BackToInvoices />;
  if (invoiceQuery.isPending || settingsQuery.isPending) return <PrintPending height="h-[600px]" />;
  if (invoiceQuery.isError || settingsQuery.isError) return <PrintFailed noun="invoice" error={invoiceQuery.error} />;

  const inv = invoiceQuery.data.invoice;
  const studio = settingsQuery.data.settings;
  const hasVat = showsVat(studio, inv);
  const vat = hasVat ? vatIncludedIn(inv.total) : null;
  const vatNote = vatNoteFor(studio, inv);
  const missing = [
    !studio.address.trim() && "your address",
    !(studio.bank_sort_code && studio.bank_account_number) && "your bank details",
  ].filter((m): m is string => Boolean(m));
  const detailsMissing = missing.length > 0;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <style>{PRINT_CSS}</style>
      <div className="no-print flex flex-wrap items-center justify-between gap-2">
        {back}
        <Button onClick={() => (detailsMissing ? setConfirming(true) : window.print())}>
          <Printer className="size-4" aria-hidden="true" />
          Print
        </Button>
      </div>
      {detailsMissing && (
        <div role="note" className="no-print flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>
            <strong>Studio Details are incomplete.</strong> This invoice would print without {missing.join(" or ")}, so the client could not
            pay it.{" "}
            <Link to="/crm/settings" className="font-semibold underline">
              Add them in Settings
            </Link>
            .
          </p>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Print an incomplete invoice?"
        description={`It will print without ${missing.join(" or ")}. Add them in Settings first, or print it as it is.`}
        confirmLabel="Print anyway"
        variant="primary"
        onConfirm={() => {
          // After the dialog has closed, so it is not on the printed page.
          setTimeout(() => window.print(), 300);
        }}
      />
      <article
        className="invoice-sheet rounded-xl border border-slate-200 bg-white p-8 text-slate-900 shadow-sm sm:p-12"
        aria-label={`Invoice ${inv.number}`}
      >
        <header className="flex flex-wrap items-start justify-between gap-6">
          <StudioBlock studio={studio} />
          <div className="text-right">
            <h1 className="text-3xl font-bold tracking-tight uppercase">Invoice</h1>
            <p className="mt-1 font-mono text-lg">{inv.number}</p>
            <p className="mt-1 text-sm">
              Status: <strong>{inv.status}</strong>
            </p>
          </div>
        </header>
        <section className="mt-10 grid gap-6 sm:grid-cols-2">
          <div>
            <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Bill to</h2>
            <p className="mt-1 font-medium">{inv.client_name ?? "—"}</p>
            {inv.project_title && <p className="text-sm text-slate-600">Project: {inv.project_title}</p>}
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:text-right">
            <dt className="text-slate-500">Invoice date</dt>
            <dd>{formatDate(inv.date)}</dd>
            <dt className="text-slate-500">Due date</dt>
            <dd>{formatDate(inv.due_date)}</dd>
            {inv.paid_date && (
              <>
                <dt className="text-slate-500">Paid</dt>
                <dd>{paidSummary(inv)}</dd>
              </>
            )}
          </dl>
        </section>
        <table className="mt-10 w-full text-sm">
          <thead>
            <tr className="border-b-2 border-slate-900 text-left">
              <th className="py-2 font-semibold">Description</th>
              <th className="py-2 text-right font-semibold">Qty</th>
              <th className="py-2 text-right font-semibold">Unit price</th>
              <th className="py-2 text-right font-semibold">Amount</th>
            </tr>
          </thead>
          <tbody>
            {inv.lines.map((line, i) => (
              <tr key={i} className="border-b border-slate-200 align-top">
                <td className="py-3 pr-4">{line.description}</td>
                <td className="py-3 text-right tabular-nums">{line.quantity.toLocaleString("en-GB")}</td>
                <td className="py-3 text-right tabular-nums">{formatMoney(line.unit_price)}</td>
                <td className="py-3 text-right tabular-nums">{formatMoney(lineAmount(line))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {vat !== null && (
              <>
                <tr>
                  <td colSpan={3} className="pt-3 text-right text-slate-600">
                    Net (excl. VAT)
                  </td>
                  <td className="pt-3 text-right text-slate-600">{formatMoney(inv.total - vat)}</td>
                </tr>
                <tr>
                  <td colSpan={3} className="pt-1 text-right text-slate-600">
                    VAT at {VAT_RATE_PERCENT}%
                  </td>
                  <td className="pt-1 text-right text-slate-600">{formatMoney(vat)}</td>
                </tr>
              </>
            )}
            <tr>
              <td colSpan={3} className="pt-3 text-right font-semibold">
                Total
              </td>
              <td className="pt-3 text-right text-lg font-bold">{formatMoney(inv.total)}</td>
            </tr>
          </tfoot>
        </table>
        {vatNote && <p className="mt-3 text-right text-sm text-slate-600">{vatNote}</p>}
        {(studio.bank_name || studio.bank_account_number) && (
          <section className="mt-10 text-sm">
            <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Payment details</h2>
            <p className="mt-1">
              {[studio.bank_name, studio.bank_account_name].filter(Boolean).join(" · ")}
              {studio.bank_sort_code && <> · Sort code {studio.bank_sort_code}</>}
              {studio.bank_account_number && <> · Account {studio.bank_account_number}</>}
            </p>
          </section>
        )}
        {studio.invoice_notes && <p className="mt-6 text-sm whitespace-pre-line text-slate-600">{studio.invoice_notes}</p>}
      </article>
    </div>
  );
}
