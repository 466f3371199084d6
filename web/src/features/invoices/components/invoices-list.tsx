/** Invoice cards: number, client, project, status, total, dates; print, edit, delete. */
import { useState } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Printer, Trash2 } from "lucide-react";
import type { Invoice, InvoiceStatus } from "@contract/invoice";
import type { BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RecordCard, RecordCards } from "@/components/ui/record-cards";
import { formatDate, formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { invoicesQueryOptions, useDeleteInvoice } from "@/features/invoices/api/invoices";
import { InvoiceDialog } from "./invoice-dialog";

export const invoiceTone: Record<InvoiceStatus, BadgeTone> = { Draft: "slate", Sent: "blue", Paid: "green", Overdue: "red" };

export function InvoicesList() {
  const query = useQuery(invoicesQueryOptions());
  const del = useDeleteInvoice();
  const [editing, setEditing] = useState<Invoice | null>(null);
  const [deleting, setDeleting] = useState<Invoice | null>(null);
  const invoices = query.data?.invoices ?? [];

  return (
    <>
      <RecordCards noun="invoices" query={query} items={query.data?.invoices}>
        {(inv) => (
          <RecordCard
            key={inv.id}
            testId="invoice-card"
            title={inv.number}
            subtitle={inv.client_name ?? "Unknown client"}
            note={inv.project_title}
            status={inv.status}
            tone={invoiceTone[inv.status]}
            facts={[
              { label: "Total", value: formatMoney(inv.total), strong: true },
              { label: "Date", value: formatDate(inv.date) },
              { label: "Due Date", value: formatDate(inv.due_date) },
              { label: "Created", value: formatDate(inv.created_at) },
            ]}
          >
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
          </RecordCard>
        )}
      </RecordCards>
      {editing && (
        <InvoiceDialog
          key={editing.id}
          invoice={invoices.find((i) => i.id === editing.id) ?? editing}
          open
          onOpenChange={(o) => !o && setEditing(null)}
        />
      )}
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
