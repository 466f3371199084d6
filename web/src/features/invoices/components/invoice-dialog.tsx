/** Add Invoice / Edit Invoice: number suggested, project limited to the chosen client's and cleared when it changes. */
import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import {
  invoiceInput,
  invoicePatch,
  invoiceStatuses,
  suggestInvoiceNumber,
  type Invoice,
  type InvoiceInput,
  type InvoiceStatus,
} from "@contract/invoice";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, MoneyField, OptionsField, TextField } from "@/components/ui/form-fields";
import { SelectField } from "@/components/ui/select-field";
import { todayInLondon } from "@/lib/format";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { clientProjectsQueryOptions, invoiceClientOptions, useCreateInvoice, useUpdateInvoice } from "@/features/invoices/api/invoices";

const fields = ["number", "client_id", "project_id", "total", "date", "due_date", "status"] as const;
const invoiceEdit = invoicePatch.omit({ updated_at: true });

export function InvoiceDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice?: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: invoice ? invoiceEdit : invoiceInput,
    defaultValues: {
      number: invoice?.number ?? suggestInvoiceNumber(),
      client_id: invoice?.client_id ?? "",
      project_id: invoice?.project_id ?? "",
      // Empty until typed; the schema says "Total is required".
      total: invoice?.total ?? (null as unknown as number),
      date: invoice?.date ?? todayInLondon(),
      due_date: invoice?.due_date ?? "",
      status: invoice?.status ?? "Draft",
    },
    fields,
    copy: invoice,
    // Only reached when adding, so the values are the create schema's.
    create: (values) => create.mutateAsync(values as InvoiceInput),
    update: (patch) => update.mutateAsync({ id: invoice!.id, patch }),
    toasts: { created: "Invoice added successfully", updated: "Invoice updated successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control, setValue } = form;
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
        <MoneyField control={control} name="total" label="Total (£)" required />
        <div />
        <DateField control={control} name="date" label="Date" required />
        <DateField control={control} name="due_date" label="Due Date" required />
      </div>
    </FormDialog>
  );
}

export type { InvoiceStatus };
