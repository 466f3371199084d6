/**
 * The printable credit note (docs/decisions/0068-credit-notes.md): the studio, the client, the
 * invoice or payment request it credits, its one line and the VAT inside it where the credited
 * document was a VAT invoice. Printed like an invoice (A4, nothing but the sheet).
 */
import { useQuery } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import { VAT_RATE_PERCENT } from "@contract/invoice";
import { Button } from "@/components/ui/button";
import { formatDate, formatMoney } from "@/lib/format";
import { creditNoteQueryOptions, studioSettingsQueryOptions } from "@/features/invoices/api/invoices";
import { BackToInvoices, PRINT_CSS, PrintFailed, PrintPending, StudioBlock } from "./invoice-print";

export function CreditNotePrint({ id }: { id: string }) {
  const noteQuery = useQuery(creditNoteQueryOptions(id));
  const settingsQuery = useQuery(studioSettingsQueryOptions());
  if (noteQuery.isPending || settingsQuery.isPending) return <PrintPending height="h-[480px]" />;
  if (noteQuery.isError || settingsQuery.isError) return <PrintFailed noun="credit note" error={noteQuery.error} />;
  const note = noteQuery.data.credit_note;
  const studio = settingsQuery.data.settings;
  const credited = note.invoice_kind === "payment_request" ? `payment request ${note.invoice_number}` : `invoice ${note.invoice_number}`;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <style>{PRINT_CSS}</style>
      <div className="no-print flex flex-wrap items-center justify-between gap-2">
        <BackToInvoices />
        <Button onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden="true" />
          Print
        </Button>
      </div>
      <article
        className="invoice-sheet rounded-xl border border-slate-200 bg-white p-8 text-slate-900 shadow-sm sm:p-12"
        aria-label={`Credit note ${note.number}`}
      >
        <header className="flex flex-wrap items-start justify-between gap-6">
          <StudioBlock studio={studio} />
          <div className="text-right">
            <h1 className="text-3xl font-bold tracking-tight uppercase">Credit note</h1>
            <p className="mt-1 font-mono text-lg">{note.number}</p>
          </div>
        </header>
        <section className="mt-10 grid gap-6 sm:grid-cols-2">
          <div>
            <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Credit to</h2>
            <p className="mt-1 font-medium">{note.client_name ?? "—"}</p>
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:text-right">
            <dt className="text-slate-500">Date</dt>
            <dd>{formatDate(note.date)}</dd>
            <dt className="text-slate-500">Credits</dt>
            <dd className="capitalize">{credited}</dd>
          </dl>
        </section>
        <table className="mt-10 w-full text-sm">
          <thead>
            <tr className="border-b-2 border-slate-900 text-left">
              <th className="py-2 font-semibold">Description</th>
              <th className="py-2 text-right font-semibold">Amount</th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-200 align-top">
              <td className="py-3 pr-4">{note.description}</td>
              <td className="py-3 text-right tabular-nums">{formatMoney(note.amount)}</td>
            </tr>
          </tbody>
          <tfoot>
            {note.vat > 0 && (
              <>
                <tr>
                  <td className="pt-3 text-right text-slate-600">Net (excl. VAT)</td>
                  <td className="pt-3 text-right text-slate-600">{formatMoney(note.amount - note.vat)}</td>
                </tr>
                <tr>
                  <td className="pt-1 text-right text-slate-600">VAT at {VAT_RATE_PERCENT}%</td>
                  <td className="pt-1 text-right text-slate-600">{formatMoney(note.vat)}</td>
                </tr>
              </>
            )}
            <tr>
              <td className="pt-3 text-right font-semibold">Total credited</td>
              <td className="pt-3 text-right text-lg font-bold">{formatMoney(note.amount)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-6 text-sm text-slate-600">
          This reduces what is owed on {credited} by {formatMoney(note.amount)}.
        </p>
      </article>
    </div>
  );
}
