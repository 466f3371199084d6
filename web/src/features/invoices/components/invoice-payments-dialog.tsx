/**
 * An invoice's payments: each payment and refund with its day, method, reference, where it stands
 * (Received, Processing, Flagged ...), who recorded it (a colleague, or Stripe) and Stripe's fee
 * and payout; then what they leave: paid so far, the balance due, or what was overpaid.
 */
import { useQuery } from "@tanstack/react-query";
import type { Invoice } from "@contract/invoice";
import { paymentStateLabels } from "@contract/payment";
import { DialogContent, DialogRoot } from "@/components/ui/dialog";
import { formatDate, formatMoney } from "@/lib/format";
import { invoicePaymentsQueryOptions } from "@/features/invoices/api/payments";

export function InvoicePaymentsDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const query = useQuery(invoicePaymentsQueryOptions(invoice.id));
  const list = query.data?.payments ?? [];
  const money = query.data?.money;
  return (
    <DialogRoot open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Payments: ${invoice.number}`} description={`Total ${formatMoney(invoice.total)}`}>
        {query.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600">No payments yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Payments">
            {list.map((p) => (
              <li key={p.id} className="py-2 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold">
                    {p.kind === "refund" ? "Refund " : ""}
                    {formatMoney(p.amount)}
                    {p.currency !== "GBP" ? ` ${p.currency}` : ""}
                  </span>
                  <span
                    className={p.state === "flagged" || p.state === "disputed" || p.state === "failed" ? "font-semibold text-red-700" : ""}
                  >
                    {paymentStateLabels[p.state]}
                  </span>
                </div>
                <p className="text-slate-600">
                  {[formatDate(p.date), p.method, p.reference, `recorded by ${p.recorded_by}`].filter(Boolean).join(" · ")}
                </p>
                {p.fee !== null && (
                  <p className="text-slate-600">
                    Stripe fee {formatMoney(p.fee)} · paid out {formatMoney(p.net)}
                  </p>
                )}
                {p.note && <p className="text-red-700">{p.note}</p>}
              </li>
            ))}
          </ul>
        )}
        {money && (
          <p className="mt-3 text-sm font-semibold">
            Paid {formatMoney(money.paid)} ·{" "}
            {money.overpaid > 0
              ? `Overpaid ${formatMoney(money.overpaid)}: refund or credit it`
              : `Balance due ${formatMoney(money.balance)}`}
          </p>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
