/**
 * Add or edit a client's recurring invoice: its name, lines, how often and on which day, from when
 * (and until when), and the days until each is due (the studio's usual terms when left empty).
 */
import { useQuery } from "@tanstack/react-query";
import type { Control } from "react-hook-form";
import {
  intervalLabels,
  recurringIntervals,
  recurringInvoiceInput,
  recurringInvoiceEdit,
  type RecurringInvoice,
  type RecurringInvoiceInput,
} from "@contract/recurring-invoice";
import { INVOICE_LINES_MAX } from "@contract/invoice";
import { emptyLine, LineItems, type WithLines } from "@/components/line-items";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, TextField, WholeNumberField } from "@/components/ui/form-fields";
import { SelectField } from "@/components/ui/select-field";
import { todayInLondon } from "@/lib/format";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { clientProjectsQueryOptions } from "@/lib/client-projects";
import { useCreateRecurringInvoice, useUpdateRecurringInvoice } from "@/features/retainers/api/recurring-invoices";

const fields = ["title", "project_id", "lines", "interval", "day", "start_date", "end_date", "terms_days"] as const;
const days = Array.from({ length: 28 }, (_, i) => i + 1);
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

export function RecurringInvoiceDialog({
  clientId,
  recurring,
  open,
  onOpenChange,
}: {
  clientId: string;
  recurring?: RecurringInvoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateRecurringInvoice();
  const update = useUpdateRecurringInvoice();
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: recurring ? recurringInvoiceEdit : recurringInvoiceInput,
    defaultValues: {
      ...(recurring ? {} : { client_id: clientId }),
      title: recurring?.title ?? "",
      project_id: recurring?.project_id ?? "",
      lines: recurring?.lines ?? [emptyLine()],
      interval: recurring?.interval ?? "monthly",
      day: recurring?.day ?? 1,
      start_date: recurring?.start_date ?? todayInLondon(),
      end_date: recurring?.end_date ?? "",
      terms_days: recurring?.terms_days ?? null,
    } as RecurringInvoiceInput,
    fields,
    copy: recurring,
    create: (values) => create.mutateAsync(values as RecurringInvoiceInput),
    update: (patch) => update.mutateAsync({ id: recurring!.id, patch }),
    toasts: { created: "Recurring invoice added", updated: "Recurring invoice updated" },
    onDone: () => onOpenChange(false),
  });
  const { control } = form;
  const projects = useQuery({ ...clientProjectsQueryOptions(clientId), enabled: open });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={recurring ? "Edit Recurring Invoice" : "Add Recurring Invoice"}
      description="Raised, numbered and e-mailed to the client on each date. Amounts are in pounds."
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={recurring ? "Save Changes" : "Add Recurring Invoice"}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="title" label="Name" required />
        <SelectField control={control} name="project_id" label="Project">
          <option value="">No project</option>
          {projects.data?.projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </SelectField>
        <SelectField control={control} name="interval" label="Every" required>
          {recurringIntervals.map((i) => (
            <option key={i} value={i}>
              {intervalLabels[i]}
            </option>
          ))}
        </SelectField>
        <SelectField control={control} name="day" label="On the" required>
          {days.map((d) => (
            <option key={d} value={String(d)}>
              {ordinal(d)}
            </option>
          ))}
          <option value="last">Last day of the month</option>
        </SelectField>
        <DateField control={control} name="start_date" label="Start Date" required />
        <DateField control={control} name="end_date" label="End Date" />
        <WholeNumberField
          control={control}
          name="terms_days"
          label="Days Until Due"
          hint="Empty: your usual payment terms"
          min={0}
          max={365}
        />
      </div>
      <LineItems control={control as unknown as Control<WithLines>} max={INVOICE_LINES_MAX} keepOne testId="recurring" />
    </FormDialog>
  );
}
