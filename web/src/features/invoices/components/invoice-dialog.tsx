/** Add Invoice / Edit Invoice: number suggested, project limited to the chosen client's and cleared when it changes. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { invoiceInput, invoiceStatuses, suggestInvoiceNumber, type Invoice, type InvoiceStatus } from "../../../../../contract/invoice";
import { Button } from "../../../components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "../../../components/ui/dialog";
import { Field, Input } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/select-native";
import { todayInLondon } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { clientProjectsQueryOptions, invoiceClientOptions, useCreateInvoice, useUpdateInvoice } from "../api/invoices";

export function InvoiceDialog({ invoice, open, onOpenChange }: { invoice?: Invoice; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const [v, setV] = useState({
    number: invoice?.number ?? suggestInvoiceNumber(),
    client_id: invoice?.client_id ?? "",
    project_id: invoice?.project_id ?? "",
    total: invoice ? String(invoice.total) : "",
    date: invoice?.date ?? todayInLondon(),
    due_date: invoice?.due_date ?? "",
    status: invoice?.status ?? "Draft",
  });
  const clients = useQuery({ ...invoiceClientOptions(), enabled: open });
  const projects = useQuery(clientProjectsQueryOptions(v.client_id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [k]: e.target.value }));
  const busy = create.isPending || update.isPending;

  const submit = () => {
    const parsed = invoiceInput.safeParse({
      number: v.number,
      client_id: v.client_id,
      project_id: v.project_id || null,
      total: v.total.trim() === "" ? undefined : Number(v.total),
      date: v.date,
      due_date: v.due_date,
      status: v.status,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        next[key] ??= key === "total" && v.total.trim() === "" ? "Total is required" : key.endsWith("date") && !v[key as "date"] ? "Date is required" : issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    const body = parsed.data;
    const onError = (e: unknown) => {
      const fields = (e as { fields?: Record<string, string> }).fields;
      if (fields) setErrors(fields);
    };
    if (invoice)
      update.mutate(
        { id: invoice.id, patch: { ...body, updated_at: invoice.updated_at } },
        {
          onSuccess: () => {
            toast.success("Invoice updated successfully");
            onOpenChange(false);
          },
          onError,
        },
      );
    else
      create.mutate(body, {
        onSuccess: () => {
          toast.success("Invoice added successfully");
          onOpenChange(false);
        },
        onError,
      });
  };

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title={invoice ? "Edit Invoice" : "Add Invoice"} description="Amounts are in pounds.">
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Invoice Number" error={errors.number} required>
              {(p) => <Input {...p} value={v.number} onChange={set("number")} autoComplete="off" />}
            </Field>
            <Field label="Status" error={errors.status}>
              {(p) => (
                <NativeSelect {...p} value={v.status} onChange={set("status")}>
                  {invoiceStatuses.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Client" error={errors.client_id} required>
              {(p) => (
                <NativeSelect {...p} value={v.client_id} onChange={(e) => setV((o) => ({ ...o, client_id: e.target.value, project_id: "" }))}>
                  <option value="">Choose a client</option>
                  {clients.data?.clients.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                  {invoice && !clients.data?.clients.some((c) => c.id === invoice.client_id) && <option value={invoice.client_id}>{invoice.client_name ?? "Current client"}</option>}
                </NativeSelect>
              )}
            </Field>
            <Field label="Project" error={errors.project_id} hint={v.client_id ? undefined : "Choose a client first"}>
              {(p) => (
                <NativeSelect {...p} value={v.project_id} onChange={set("project_id")} disabled={!v.client_id}>
                  <option value="">No project</option>
                  {projects.data?.projects.map((pr) => (
                    <option key={pr.id} value={pr.id}>
                      {pr.title}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Total (£)" error={errors.total} required>
              {(p) => <Input {...p} type="number" min={0} step="0.01" inputMode="decimal" value={v.total} onChange={set("total")} />}
            </Field>
            <div />
            <Field label="Date" error={errors.date} required>
              {(p) => <Input {...p} type="date" value={v.date} onChange={set("date")} />}
            </Field>
            <Field label="Due Date" error={errors.due_date} required>
              {(p) => <Input {...p} type="date" value={v.due_date} onChange={set("due_date")} />}
            </Field>
          </div>
          <div className="flex justify-end gap-2 pt-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : invoice ? "Save Changes" : "Add Invoice"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}

export type { InvoiceStatus };
