/**
 * Add late-payment charge: the Late Payment Act's figures for an overdue invoice, each with how it
 * was worked out, then a draft invoice for them under the number given (docs/decisions/0065). When
 * the invoice cannot be charged, the dialog says why instead.
 */
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { latePaymentChargeInput } from "@contract/late-payment-settings";
import type { Invoice } from "@contract/invoice";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/form-fields";
import { Skeleton } from "@/components/ui/skeleton";
import { applyFieldErrors } from "@/lib/form-errors";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useSuggestion } from "@/lib/use-suggestion";
import { latePaymentQuoteOptions, nextInvoiceNumberQueryOptions, useRaiseLatePaymentCharge } from "@/features/invoices/api/invoices";

export function LatePaymentDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const quote = useQuery(latePaymentQuoteOptions(invoice.id));
  const raise = useRaiseLatePaymentCharge();
  const form = useForm({ resolver: zodResolver(latePaymentChargeInput), defaultValues: { number: "" } });
  // The series' next number, as Add Invoice offers it, until one is typed.
  const next = useQuery(nextInvoiceNumberQueryOptions()).data?.number;
  useSuggestion(form, "number", next);
  const q = quote.data?.quote;
  const onSubmit = form.handleSubmit(async ({ number }) => {
    if (!q?.ok) return;
    try {
      const { invoice: charge } = await raise.mutateAsync({ id: invoice.id, number });
      toast.success(`Late-payment charge ${charge.number} raised as a draft`);
      onClose();
    } catch (error) {
      applyFieldErrors(error, form.setError, ["number"]);
    }
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add late-payment charge"
      description={`${invoice.number}, ${formatMoney(invoice.total)}${invoice.client_name ? `, from ${invoice.client_name}` : ""}.`}
      onSubmit={onSubmit}
      busy={form.formState.isSubmitting || !q?.ok}
      submitLabel="Raise Charge"
      busyLabel={q && !q.ok ? "Raise Charge" : "Raising..."}
    >
      {!q ? (
        <Skeleton className="h-28" />
      ) : !q.ok ? (
        <p role="status" className="text-sm text-slate-700">
          {q.message}
        </p>
      ) : (
        <div className="space-y-4">
          <dl className="space-y-3 text-sm" aria-label="How the charge is worked out">
            <div>
              <dt className="font-medium">Fixed compensation: {formatMoney(q.compensation)}</dt>
              <dd className="text-slate-600">{q.workings.compensation}</dd>
            </div>
            <div>
              <dt className="font-medium">Interest: {formatMoney(q.interest)}</dt>
              <dd className="text-slate-600">{q.workings.interest}</dd>
            </div>
            <div>
              <dt className="font-semibold">Total: {formatMoney(q.total)}</dt>
              <dd className="text-slate-600">A separate invoice, outside the scope of VAT, raised as a draft for you to send.</dd>
            </div>
          </dl>
          <TextField control={form.control} name="number" label="Invoice Number" required />
        </div>
      )}
    </FormDialog>
  );
}
