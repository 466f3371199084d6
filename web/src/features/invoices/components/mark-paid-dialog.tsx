/**
 * Mark as paid: how much arrived (the balance due to start with; less is a part payment, more is
 * shown as overpaid), the day (today, London), how it came and a reference if wanted. Saved from
 * the card's copy of the invoice, so a colleague's change meanwhile is a 409, not overwritten.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Invoice } from "@contract/invoice";
import { paidMethods } from "@contract/invoice-values";
import { paymentForm, type InvoiceMoney, type PaymentForm } from "@contract/payment";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, MoneyField, OptionsField, TextField } from "@/components/ui/form-fields";
import { applyFieldErrors } from "@/lib/form-errors";
import { formatMoney, todayInLondon } from "@/lib/format";
import { useRecordPayment } from "@/features/invoices/api/payments";
import { balanceDue } from "./payment-words";

export function MarkPaidDialog({
  invoice,
  onClose,
  onPaid,
}: {
  invoice: Invoice;
  onClose: () => void;
  /** With the invoice as saved and what the payment left. */
  onPaid: (saved: Invoice, money: InvoiceMoney) => void;
}) {
  const record = useRecordPayment();
  const due = balanceDue(invoice);
  const form = useForm<PaymentForm>({
    resolver: zodResolver(paymentForm),
    defaultValues: { amount: due > 0 ? due : null, date: todayInLondon(), method: "Bank transfer", reference: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { invoice: saved, money } = await record.mutateAsync({ id: invoice.id, input: { ...values, updated_at: invoice.updated_at } });
      onPaid(saved, money);
      onClose();
    } catch (error) {
      // A stale copy or another failure is toasted by the one error path; field errors land here.
      applyFieldErrors(error, form.setError, ["amount", "date", "method", "reference"]);
    }
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Mark as paid"
      description={`${invoice.number}, ${formatMoney(due)} due of ${formatMoney(invoice.total)}${invoice.client_name ? `, from ${invoice.client_name}` : ""}. Enter less for a part payment.`}
      onSubmit={onSubmit}
      busy={form.formState.isSubmitting}
      submitLabel="Mark as paid"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField control={form.control} name="amount" label="Amount" required />
        <DateField control={form.control} name="date" label="Paid Date" required />
        <OptionsField control={form.control} name="method" label="Payment Method" required values={paidMethods} />
        <TextField control={form.control} name="reference" label="Reference" />
      </div>
    </FormDialog>
  );
}
