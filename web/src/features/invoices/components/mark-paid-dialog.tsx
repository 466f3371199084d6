/**
 * Mark as paid: the day the money arrived (today, London, to start with) and how it came. Saved
 * from the card's copy of the invoice, so a colleague's change meanwhile is a 409, not overwritten;
 * the list shows the toast, with its Undo.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { markPaidInput, paidMethods, type Invoice, type MarkPaidInput } from "@contract/invoice";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, OptionsField } from "@/components/ui/form-fields";
import { applyFieldErrors } from "@/lib/form-errors";
import { formatMoney, todayInLondon } from "@/lib/format";
import { useUpdateInvoice } from "@/features/invoices/api/invoices";

export function MarkPaidDialog({
  invoice,
  onClose,
  onPaid,
}: {
  invoice: Invoice;
  onClose: () => void;
  /** With the invoice as saved. */
  onPaid: (saved: Invoice) => void;
}) {
  const update = useUpdateInvoice();
  const form = useForm<MarkPaidInput>({
    resolver: zodResolver(markPaidInput),
    defaultValues: { paid_date: todayInLondon(), paid_method: "Bank transfer" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { invoice: saved } = await update.mutateAsync({
        id: invoice.id,
        patch: { status: "Paid", ...values, updated_at: invoice.updated_at },
      });
      onPaid(saved);
      onClose();
    } catch (error) {
      // A stale copy or another failure is toasted by the one error path; field errors land here.
      applyFieldErrors(error, form.setError, ["paid_date", "paid_method"]);
    }
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Mark as paid"
      description={`${invoice.number}, ${formatMoney(invoice.total)}${invoice.client_name ? `, from ${invoice.client_name}` : ""}.`}
      onSubmit={onSubmit}
      busy={form.formState.isSubmitting}
      submitLabel="Mark as paid"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField control={form.control} name="paid_date" label="Paid Date" required />
        <OptionsField control={form.control} name="paid_method" label="Payment Method" required values={paidMethods} />
      </div>
    </FormDialog>
  );
}
