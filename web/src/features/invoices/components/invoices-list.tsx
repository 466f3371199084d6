/** Invoice cards: number, client, project, status, total, dates; print, edit, delete. */
import { useState } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Printer, Trash2 } from "lucide-react";
import type { Invoice, InvoiceStatus } from "../../../../../contract/invoice";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDate, formatMoney } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { invoicesQueryOptions, useDeleteInvoice } from "../api/invoices";
import { InvoiceDialog } from "./invoice-dialog";

export const invoiceTone: Record<InvoiceStatus, BadgeTone> = { Draft: "slate", Sent: "blue", Paid: "green", Overdue: "red" };

export function InvoicesList() {
  const { data, isPending, isError, refetch } = useQuery(invoicesQueryOptions());
  const del = useDeleteInvoice();
  const [editing, setEditing] = useState<Invoice | null>(null);
  const [deleting, setDeleting] = useState<Invoice | null>(null);

  if (isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading invoices">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-48" />
        ))}
      </div>
    );
  if (isError)
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        Could not load invoices.{" "}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  if (data.invoices.length === 0) return <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">No invoices yet.</div>;

  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.invoices.map((inv) => (
          <li key={inv.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5" data-testid="invoice-card">
            <div className="flex items-start justify-between gap-2">
              <div>
                <h2 className="font-semibold">{inv.number}</h2>
                <p className="text-sm text-slate-600">{inv.client_name ?? "Unknown client"}</p>
                {inv.project_title && <p className="text-sm text-slate-500">{inv.project_title}</p>}
              </div>
              <Badge tone={invoiceTone[inv.status]}>{inv.status}</Badge>
            </div>
            <dl className="mt-4 grid flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-slate-500">Total</dt>
                <dd className="font-medium">{formatMoney(inv.total)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Date</dt>
                <dd>{formatDate(inv.date)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Due Date</dt>
                <dd>{formatDate(inv.due_date)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Created</dt>
                <dd>{formatDate(inv.created_at)}</dd>
              </div>
            </dl>
            <div className="mt-4 flex justify-end gap-1">
              <Link
                to={`/crm/invoices/${inv.id}/print`}
                aria-label={`Print ${inv.number}`}
                className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brick-600"
              >
                <Printer className="size-4" aria-hidden="true" />
              </Link>
              <Button variant="ghost" size="sm" aria-label={`Edit ${inv.number}`} onClick={() => setEditing(inv)}>
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Delete ${inv.number}`} onClick={() => setDeleting(inv)}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {editing && <InvoiceDialog key={editing.id} invoice={data.invoices.find((i) => i.id === editing.id) ?? editing} open onOpenChange={(o) => !o && setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete invoice"
        description={`Are you sure you want to delete "${deleting?.number ?? ""}"?`}
        onConfirm={() => del.mutateAsync(deleting!.id).then(() => toast.success("Invoice deleted successfully"))}
      />
    </>
  );
}
