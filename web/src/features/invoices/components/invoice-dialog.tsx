/**
 * Add Invoice / Edit Invoice: number suggested, project limited to the chosen client's and cleared
 * when it changes, line items with the total worked out as they are typed, and a due date that
 * follows the studio's payment terms until it is set by hand.
 */
import { useEffect } from "react";
import { addDays, format, parseISO } from "date-fns";
import { useQuery } from "@tanstack/react-query";
import { useFieldArray, useFormState, useWatch, type Control } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import {
  invoiceEdit,
  invoiceInput,
  invoiceStatuses,
  INVOICE_LINES_MAX,
  lineAmount,
  linesTotal,
  suggestInvoiceNumber,
  type Invoice,
  type InvoiceInput,
  type InvoiceStatus,
} from "@contract/invoice";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, OptionsField, TextField } from "@/components/ui/form-fields";
import { SelectField } from "@/components/ui/select-field";
import { cn } from "@/lib/cn";
import { formatMoney, todayInLondon } from "@/lib/format";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import {
  clientProjectsQueryOptions,
  invoiceClientOptions,
  studioSettingsQueryOptions,
  useCreateInvoice,
  useUpdateInvoice,
} from "@/features/invoices/api/invoices";

const fields = ["number", "client_id", "project_id", "lines", "date", "due_date", "status", "paid_date"] as const;

const dueAfter = (date: string, days: number) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) ? format(addDays(parseISO(date), days), "yyyy-MM-dd") : "";
const emptyLine = () => ({ description: "", quantity: 1, unit_price: null as unknown as number });

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
      lines: invoice?.lines ?? [emptyLine()],
      date: invoice?.date ?? todayInLondon(),
      due_date: invoice?.due_date ?? "",
      status: invoice?.status ?? "Draft",
      paid_date: invoice?.paid_date ?? "",
    },
    fields,
    copy: invoice,
    // Only reached when adding, so the values are the create schema's.
    create: (values) => create.mutateAsync(values as InvoiceInput),
    update: (patch) => update.mutateAsync({ id: invoice!.id, patch }),
    // A paid date goes only with Paid; the server fills today's when none is typed.
    sendable: (field, values) => field !== "paid_date" || values.status === "Paid",
    toasts: { created: "Invoice added successfully", updated: "Invoice updated successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control, setValue, getFieldState } = form;
  const status = useWatch({ control, name: "status" });
  // A new invoice is due after the studio's payment terms, until the due date is set by hand.
  const terms = useQuery({ ...studioSettingsQueryOptions(), enabled: open && !invoice }).data?.settings.payment_terms_days;
  const date = useWatch({ control, name: "date" });
  // After the form's own render: the terms arrive after it mounts, and the date changes as it is typed.
  useEffect(() => {
    if (invoice || terms === undefined || getFieldState("due_date").isDirty) return;
    setValue("due_date", dueAfter(date ?? "", terms));
  }, [invoice, terms, date, getFieldState, setValue]);
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
        {status === "Paid" && <DateField control={control} name="paid_date" label="Paid Date" />}
      </div>
      {/* One component for both forms: the add and edit schemas hold lines alike. */}
      <LineItems control={control as unknown as Control<InvoiceInput>} />
    </FormDialog>
  );
}

/** The lines as a table: description, quantity, unit price, the line's amount; the total under them. */
function LineItems({ control }: { control: Control<InvoiceInput> }) {
  const { fields: rows, append, remove } = useFieldArray({ control, name: "lines" });
  const lines = useWatch({ control, name: "lines" }) ?? [];
  const { errors } = useFormState({ control, name: "lines" });
  const lineErrors = errors.lines;
  const priced = lines.map((l) => ({ quantity: Number(l?.quantity) || 0, unit_price: Number(l?.unit_price) || 0 }));
  // The defaults arrive as numbers (or null); typed values as strings.
  const num = (v: unknown) => (v === null || v === undefined || String(v).trim() === "" ? null : Number(v));
  const cell = (i: number, key: "description" | "quantity" | "unit_price") => lineErrors?.[i]?.[key]?.message;
  return (
    <fieldset className="mt-4 space-y-2">
      <legend className="text-sm font-medium text-slate-800">Line Items</legend>
      <p className="text-xs text-slate-500">Prices are what the client pays, VAT included.</p>
      <div className="space-y-3">
        {rows.map((row, i) => {
          const errorId = `line-${row.id}-error`;
          const messages = [cell(i, "description"), cell(i, "quantity"), cell(i, "unit_price")].filter(Boolean);
          const invalid = (key: "description" | "quantity" | "unit_price") =>
            cell(i, key) ? { "aria-invalid": true as const, "aria-describedby": errorId } : {};
          return (
            <div key={row.id} className="rounded-lg border border-slate-200 p-2" data-testid="invoice-line">
              <div className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[minmax(0,1fr)_5rem_7rem_6rem_auto] sm:items-end">
                <label className="col-span-2 text-xs text-slate-600 sm:col-span-1">
                  Description
                  <input
                    {...control.register(`lines.${i}.description`)}
                    {...invalid("description")}
                    className={cn(inputClass, "mt-1 h-9")}
                  />
                </label>
                <div className="col-span-2 grid grid-cols-3 gap-2 sm:contents">
                  {(["quantity", "unit_price"] as const).map((key) => (
                    <label key={key} className="text-xs text-slate-600">
                      {key === "quantity" ? "Qty" : "Unit Price (£)"}
                      <input
                        {...control.register(`lines.${i}.${key}`, { setValueAs: num })}
                        {...invalid(key)}
                        type="number"
                        min={0}
                        step={key === "quantity" ? "any" : "0.01"}
                        inputMode="decimal"
                        className={cn(inputClass, "mt-1 h-9")}
                      />
                    </label>
                  ))}
                  <p className="self-end pb-2 text-right text-sm font-medium text-slate-900 tabular-nums">
                    <span className="sr-only">Amount </span>
                    {formatMoney(lineAmount(priced[i] ?? { quantity: 0, unit_price: 0 }))}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="col-start-2 row-start-1 self-end sm:col-start-auto sm:row-start-auto"
                  aria-label={`Remove line ${i + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => remove(i)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
              {messages.length > 0 && (
                <p id={errorId} className="mt-1 text-sm text-red-700">
                  {messages.join(". ")}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {lineErrors?.message && <p className="text-sm text-red-700">{lineErrors.message}</p>}
      {lineErrors?.root?.message && <p className="text-sm text-red-700">{lineErrors.root.message}</p>}
      <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
        <Button variant="secondary" size="sm" disabled={rows.length >= INVOICE_LINES_MAX} onClick={() => append(emptyLine())}>
          <Plus className="size-4" aria-hidden="true" />
          Add Line
        </Button>
        <p className="text-sm">
          Total{" "}
          <strong className="ml-1 text-base tabular-nums" data-testid="invoice-total">
            {formatMoney(linesTotal(priced))}
          </strong>
        </p>
      </div>
    </fieldset>
  );
}

export type { InvoiceStatus };
