/**
 * Add Invoice / Edit Invoice: number suggested, project limited to the chosen client's and cleared
 * when it changes, line items with the total worked out as they are typed, and a due date that
 * follows the studio's payment terms until it is set by hand.
 */
import { addDays, format, parseISO } from "date-fns";
import { useQuery } from "@tanstack/react-query";
import { useWatch, type Control } from "react-hook-form";
import {
  invoiceEdit,
  invoiceInput,
  invoiceStatuses,
  INVOICE_LINES_MAX,
  paidMethods,
  type Invoice,
  type InvoiceLine,
  type InvoiceInput,
  type InvoiceStatus,
} from "@contract/invoice";
import { emptyLine, LineItems, type WithLines } from "@/components/line-items";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, OptionsField, TextField } from "@/components/ui/form-fields";
import { SelectField } from "@/components/ui/select-field";
import { todayInLondon } from "@/lib/format";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { useSuggestion } from "@/lib/use-suggestion";
import { clientProjectsQueryOptions } from "@/lib/client-projects";
import {
  invoiceClientOptions,
  nextInvoiceNumberQueryOptions,
  studioSettingsQueryOptions,
  useCreateInvoice,
  useUpdateInvoice,
} from "@/features/invoices/api/invoices";

const fields = ["number", "client_id", "project_id", "lines", "date", "due_date", "status", "paid_date", "paid_method"] as const;

const dueAfter = (date: string, days: number) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) ? format(addDays(parseISO(date), days), "yyyy-MM-dd") : "";

/** What a new invoice starts from: Create invoice from proposal gives the proposal's lines, client and project. */
export interface InvoiceStart {
  lines: InvoiceLine[];
  client_id: string;
  project_id: string;
}

export function InvoiceDialog({
  invoice,
  from,
  open,
  onOpenChange,
}: {
  invoice?: Invoice;
  from?: InvoiceStart;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: invoice ? invoiceEdit : invoiceInput,
    defaultValues: {
      number: invoice?.number ?? "",
      client_id: invoice?.client_id ?? from?.client_id ?? "",
      project_id: invoice?.project_id ?? from?.project_id ?? "",
      lines: invoice?.lines ?? (from?.lines.length ? from.lines : [emptyLine()]),
      date: invoice?.date ?? todayInLondon(),
      due_date: invoice?.due_date ?? "",
      status: invoice?.status ?? "Draft",
      paid_date: invoice?.paid_date ?? "",
      paid_method: invoice?.paid_method ?? null,
    },
    fields,
    copy: invoice,
    // Only reached when adding, so the values are the create schema's.
    create: (values) => create.mutateAsync(values as InvoiceInput),
    update: (patch) => update.mutateAsync({ id: invoice!.id, patch }),
    // A paid date and method go only with Paid; the server fills today's date when none is typed.
    sendable: (field, values) => (field !== "paid_date" && field !== "paid_method") || values.status === "Paid",
    toasts: { created: "Invoice added successfully", updated: "Invoice updated successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control, setValue } = form;
  const status = useWatch({ control, name: "status" });
  // A new invoice is due after the studio's payment terms, until the due date is set by hand.
  const terms = useQuery({ ...studioSettingsQueryOptions(), enabled: open && !invoice }).data?.settings.payment_terms_days;
  const date = useWatch({ control, name: "date" });
  useSuggestion(form, "due_date", invoice || terms === undefined ? undefined : dueAfter(date ?? "", terms));
  // A new invoice is offered the series' next number, until one is typed.
  const next = useQuery({ ...nextInvoiceNumberQueryOptions(), enabled: open && !invoice }).data?.number;
  useSuggestion(form, "number", invoice ? undefined : next);
  // The chosen client picks the projects on offer.
  const clientId = useWatch({ control, name: "client_id" });
  const clients = useQuery({ ...invoiceClientOptions(), enabled: open });
  const projects = useQuery(clientProjectsQueryOptions(clientId ?? ""));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={invoice ? "Edit Invoice" : "Add Invoice"}
      description="Amounts are in pounds."
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={invoice ? "Save Changes" : "Add Invoice"}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="number" label="Invoice Number" required autoComplete="off" />
        <OptionsField control={control} name="status" label="Status" values={invoiceStatuses} />
        <SelectField
          control={control}
          name="client_id"
          label="Client"
          required
          onValueChange={() => setValue("project_id", "", { shouldDirty: true })}
        >
          <option value="">Choose a client</option>
          {clients.data?.clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          {invoice && !clients.data?.clients.some((c) => c.id === invoice.client_id) && (
            <option value={invoice.client_id}>{invoice.client_name ?? "Current client"}</option>
          )}
        </SelectField>
        <SelectField
          control={control}
          name="project_id"
          label="Project"
          hint={clientId ? undefined : "Choose a client first"}
          disabled={!clientId}
        >
          <option value="">No project</option>
          {projects.data?.projects.map((pr) => (
            <option key={pr.id} value={pr.id}>
              {pr.title}
            </option>
          ))}
        </SelectField>
        <DateField control={control} name="date" label="Date" required />
        <DateField control={control} name="due_date" label="Due Date" required />
        {status === "Paid" && (
          <>
            <DateField control={control} name="paid_date" label="Paid Date" />
            <OptionsField control={control} name="paid_method" label="Payment Method" values={paidMethods} emptyOption="Not recorded" />
          </>
        )}
      </div>
      {/* One component for both forms: the add and edit schemas hold lines alike. */}
      <LineItems control={control as unknown as Control<WithLines>} max={INVOICE_LINES_MAX} keepOne testId="invoice" />
    </FormDialog>
  );
}

export type { InvoiceStatus };
