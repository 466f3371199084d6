/**
 * What is owed (outstanding and overdue, from every invoice whatever the filter), then the invoice
 * cards: number, client, project, status, total, dates, when and how it was paid, the shared link's
 * views; Mark as paid (or unpaid, each with an Undo), share with the client, print, edit, delete.
 */
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { BellOff, BellRing, CircleCheck, Mail, Pencil, Printer, Receipt, Trash2 } from "lucide-react";
import type { Invoice } from "@contract/invoice";
import { isLate, isOwed, sumTotals, unpaidStatus, type InvoiceStatus } from "@contract/invoice-values";
import type { BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyDialog, lazyMounted } from "@/components/ui/lazy-dialog";
import { RecordCard, RecordCards } from "@/components/ui/record-cards";
import { sharedLinkFacts } from "@/components/shared-link-facts";
import { formatDate, formatMoney, todayInLondon } from "@/lib/format";
import { toast } from "@/lib/toast";
import { invoicesQueryOptions, useDeleteInvoice, useUpdateInvoice } from "@/features/invoices/api/invoices";
import { paidSummary } from "./paid-summary";
import { balanceDue, overpaidBy } from "./payment-words";

// Each dialog's code (forms, zod, Radix) loads when it first opens, not with the list.
const InvoiceDialog = lazyDialog(() => import("./invoice-dialog").then((m) => m.InvoiceDialog));
const ShareLinkDialog = lazyMounted(() => import("@/components/share-link-dialog").then((m) => m.ShareLinkDialog));
const MarkPaidDialog = lazyMounted(() => import("./mark-paid-dialog").then((m) => m.MarkPaidDialog));
const LatePaymentDialog = lazyMounted(() => import("./late-payment-dialog").then((m) => m.LatePaymentDialog));
const InvoicePaymentsDialog = lazyMounted(() => import("./invoice-payments-dialog").then((m) => m.InvoicePaymentsDialog));

export const invoiceTone: Record<InvoiceStatus, BadgeTone> = { Draft: "slate", Sent: "blue", Paid: "green", Overdue: "red" };

function Owed({ invoices }: { invoices: Invoice[] }) {
  const today = todayInLondon();
  const outstanding = invoices.filter(isOwed);
  const overdue = outstanding.filter((i) => isLate(i, today));
  const count = (n: number) => `${n} ${n === 1 ? "invoice" : "invoices"}`;
  return (
    <section aria-label="What is owed" className="mb-4 grid gap-4 sm:grid-cols-2">
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <p className="text-sm text-slate-600">Outstanding</p>
        <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="invoices-outstanding">
          {formatMoney(sumTotals(outstanding))}
        </p>
        <p className="text-xs text-slate-500">{count(outstanding.length)} sent and not yet paid</p>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <p className="text-sm text-slate-600">Overdue</p>
        <p className={`mt-1 text-2xl font-bold tabular-nums ${overdue.length > 0 ? "text-red-700" : ""}`} data-testid="invoices-overdue">
          {formatMoney(sumTotals(overdue))}
        </p>
        <p className="text-xs text-slate-500">{count(overdue.length)} past their due date</p>
      </div>
    </section>
  );
}

/** `isOwner`: only the Owner raises a late-payment charge; its dialog says when an invoice cannot be charged. */
export function InvoicesList({ status, isOwner = false }: { status?: InvoiceStatus; isOwner?: boolean }) {
  const query = useQuery(invoicesQueryOptions());
  const del = useDeleteInvoice();
  const update = useUpdateInvoice();
  const [editing, setEditing] = useState<Invoice | null>(null);
  const [deleting, setDeleting] = useState<Invoice | null>(null);
  const [sharing, setSharing] = useState<Invoice | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [charging, setCharging] = useState<Invoice | null>(null);
  const today = todayInLondon();
  const [payments, setPayments] = useState<Invoice | null>(null);
  const invoices = query.data?.invoices ?? [];
  const shown = query.data && (status ? invoices.filter((i) => i.status === status) : invoices);
  // ?invoice=<id> opens that invoice (the digest, a client's page and the activity feed link here).
  const [params, setParams] = useSearchParams();
  const linked = params.get("invoice");
  const opened = editing ?? (linked ? invoices.find((i) => i.id === linked) : undefined);
  const closeEdit = () => {
    setEditing(null);
    if (linked) setParams((p) => (p.delete("invoice"), p), { replace: true });
  };

  // Each way is undone from the copy it saved: a colleague's change since then is a 409, not lost.
  const paidToast = (saved: Invoice, before: Invoice) =>
    toast.success(`${saved.number} marked as paid`, {
      description: `Paid ${paidSummary(saved)}`,
      action: { label: "Undo", onClick: () => markUnpaid(saved, before.status) },
    });
  // One invoice's reminders: the client is sorting it out, or it is disputed.
  const setRemindersPaused = (inv: Invoice, paused: boolean) =>
    update.mutate(
      { id: inv.id, patch: { reminders_paused: paused, updated_at: inv.updated_at } },
      {
        onSuccess: ({ invoice: saved }) =>
          toast.success(paused ? `Reminders paused for ${saved.number}` : `Reminders resumed for ${saved.number}`),
      },
    );
  const markUnpaid = (inv: Invoice, to: InvoiceStatus = unpaidStatus(inv, todayInLondon())) =>
    update.mutate(
      { id: inv.id, patch: { status: to, updated_at: inv.updated_at } },
      {
        onSuccess: ({ invoice: saved }) =>
          toast.success(`${saved.number} marked as unpaid`, {
            description: `Back to ${saved.status}`,
            action: {
              label: "Undo",
              onClick: () =>
                update.mutate(
                  {
                    id: saved.id,
                    patch: { status: "Paid", paid_date: inv.paid_date, paid_method: inv.paid_method, updated_at: saved.updated_at },
                  },
                  { onSuccess: ({ invoice: again }) => paidToast(again, saved) },
                ),
            },
          }),
      },
    );

  return (
    <>
      {query.data && <Owed invoices={invoices} />}
      <RecordCards noun="invoices" query={query} items={shown} emptyText={status ? `No ${status} invoices.` : undefined}>
        {(inv) => (
          <RecordCard
            key={inv.id}
            testId="invoice-card"
            title={inv.number}
            subtitle={inv.client_name ?? "Unknown client"}
            note={inv.project_title}
            status={inv.status}
            tone={invoiceTone[inv.status]}
            badge={inv.kind === "payment_request" ? "Payment request" : undefined}
            facts={[
              { label: "Total", value: formatMoney(inv.total), strong: true },
              { label: "Date", value: formatDate(inv.date) },
              { label: "Due Date", value: formatDate(inv.due_date) },
              { label: "Created", value: formatDate(inv.created_at) },
              ...(inv.paid_date ? [{ label: "Paid", value: paidSummary(inv) }] : []),
              // A part payment: what is left; an overpayment: what to refund or credit (docs/guide/payments.md).
              ...(inv.status !== "Paid" && inv.amount_paid > 0
                ? [
                    { label: "Paid so far", value: formatMoney(inv.amount_paid) },
                    { label: "Balance due", value: formatMoney(balanceDue(inv)), strong: true },
                  ]
                : []),
              ...(inv.amount_credited > 0
                ? [
                    {
                      label: "Credited",
                      value: (
                        <>
                          {formatMoney(inv.amount_credited)}
                          {inv.credit_notes.map((cn) => (
                            <Link key={cn.id} to={`/crm/credit-notes/${cn.id}/print`} className="ml-2 font-mono text-brick-700 underline">
                              {cn.number}
                            </Link>
                          ))}
                        </>
                      ),
                    },
                    ...(inv.amount_paid === 0 ? [{ label: "Balance due", value: formatMoney(balanceDue(inv)), strong: true }] : []),
                  ]
                : []),
              ...(overpaidBy(inv) > 0 ? [{ label: "Overpaid", value: formatMoney(overpaidBy(inv)), strong: true }] : []),
              ...(inv.payments_flagged > 0 ? [{ label: "Flagged payments", value: String(inv.payments_flagged), strong: true }] : []),
              ...sharedLinkFacts(inv.share),
              ...(inv.kind === "payment_request" ? [{ label: "VAT", value: "This is not a VAT invoice" }] : []),
              // Raised by itself and e-mailed to the client: say when the mail did not go, and why.
              ...(inv.email_status === "failed" ? [{ label: "Not e-mailed", value: inv.email_error ?? "The e-mail failed" }] : []),
              ...(isOwed(inv) && inv.reminders_paused ? [{ label: "Reminders", value: "Paused" }] : []),
              ...(inv.last_reminded_on ? [{ label: "Last reminded", value: formatDate(inv.last_reminded_on) }] : []),
            ]}
          >
            {isOwed(inv) && (
              <Button
                variant="secondary"
                size="sm"
                disabled={update.isPending}
                onClick={() => setPaying(inv)}
                aria-label={`Mark as paid: ${inv.number}`}
              >
                <CircleCheck className="size-4" aria-hidden="true" />
                Mark as paid
              </Button>
            )}
            {isOwed(inv) && (
              <Button
                variant="secondary"
                size="sm"
                disabled={update.isPending}
                onClick={() => setRemindersPaused(inv, !inv.reminders_paused)}
                aria-label={`${inv.reminders_paused ? "Resume reminders" : "Pause reminders"}: ${inv.number}`}
              >
                {inv.reminders_paused ? (
                  <BellRing className="size-4" aria-hidden="true" />
                ) : (
                  <BellOff className="size-4" aria-hidden="true" />
                )}
                {inv.reminders_paused ? "Resume reminders" : "Pause reminders"}
              </Button>
            )}
            {isOwner && isLate(inv, today) && inv.vat_treatment !== "outside_scope" && (
              <Button variant="secondary" size="sm" onClick={() => setCharging(inv)} aria-label={`Add late-payment charge: ${inv.number}`}>
                Add late-payment charge
              </Button>
            )}
            {inv.status === "Paid" && (
              <Button
                variant="secondary"
                size="sm"
                disabled={update.isPending}
                onClick={() => markUnpaid(inv)}
                aria-label={`Mark as unpaid: ${inv.number}`}
              >
                Mark as unpaid
              </Button>
            )}
            <Button variant="ghost" size="sm" aria-label={`Payments: ${inv.number}`} onClick={() => setPayments(inv)}>
              <Receipt className="size-4" aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="sm" aria-label={`Share ${inv.number}`} onClick={() => setSharing(inv)}>
              <Mail className="size-4" aria-hidden="true" />
            </Button>
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
      {opened && (
        <InvoiceDialog
          key={opened.id}
          invoice={invoices.find((i) => i.id === opened.id) ?? opened}
          open
          onOpenChange={(o) => !o && closeEdit()}
        />
      )}
      {sharing && (
        <ShareLinkDialog kind="invoice" document={invoices.find((i) => i.id === sharing.id) ?? sharing} onClose={() => setSharing(null)} />
      )}
      {paying && (
        <MarkPaidDialog
          invoice={invoices.find((i) => i.id === paying.id) ?? paying}
          onClose={() => setPaying(null)}
          onPaid={(saved, money) =>
            saved.status === "Paid"
              ? paidToast(saved, paying)
              : toast.success(`Payment recorded for ${saved.number}`, { description: `${formatMoney(money.balance)} still due` })
          }
        />
      )}
      {charging && <LatePaymentDialog invoice={charging} onClose={() => setCharging(null)} />}
      {payments && (
        <InvoicePaymentsDialog invoice={invoices.find((i) => i.id === payments.id) ?? payments} onClose={() => setPayments(null)} />
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
