/**
 * The client page's Recurring Invoices: each retainer with its amount, how often, and the date the
 * next invoice is raised on; Pause/Resume, Skip next, End and Edit on each, Add for a new one
 * (docs/guide/payments.md#retainers).
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus } from "lucide-react";
import { intervalLabels, type RecurringInvoice } from "@contract/recurring-invoice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatMoney } from "@/lib/format";
import { recurringInvoicesQueryOptions, useRecurringInvoiceAction } from "@/features/retainers/api/recurring-invoices";

const RecurringInvoiceDialog = lazyDialog(() => import("./recurring-invoice-dialog").then((m) => m.RecurringInvoiceDialog));

const stateTone = { Active: "green", Paused: "amber", Ended: "slate" } as const;

const dayWords = (r: RecurringInvoice) => (r.day === "last" ? "on the last day" : `on day ${r.day}`);

export function RecurringInvoicesSection({ clientId }: { clientId: string }) {
  const { data, isPending, isError, refetch } = useQuery(recurringInvoicesQueryOptions(clientId));
  const act = useRecurringInvoiceAction();
  const [editing, setEditing] = useState<RecurringInvoice | "new" | null>(null);
  const [ending, setEnding] = useState<RecurringInvoice | null>(null);
  const list = data?.recurring_invoices ?? [];
  return (
    <section aria-labelledby="recurring-invoices" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recurring-invoices" className="text-lg font-semibold">
          Recurring Invoices{data ? ` (${list.length})` : ""}
        </h2>
        <Button variant="secondary" size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden="true" />
          Add Recurring Invoice
        </Button>
      </div>
      {isPending ? (
        <Skeleton className="mt-3 h-16" />
      ) : isError ? (
        <p className="mt-3 text-sm text-slate-600">
          Could not load the recurring invoices.{" "}
          <button type="button" className="text-brick-700 underline" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No recurring invoices. A care plan or hosting can be billed here every month, quarter or year.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {list.map((r) => (
            <li key={r.id} className="space-y-2 py-3 text-sm" aria-label={r.title}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{r.title}</span>
                <span className="flex items-center gap-2">
                  <span className="tabular-nums">{formatMoney(r.total)}</span>
                  <Badge tone={stateTone[r.state]}>{r.state}</Badge>
                </span>
              </div>
              <p className="text-slate-600">
                {intervalLabels[r.interval]}, {dayWords(r)}
                {r.state === "Active" && r.next_date && <> · next invoice {formatDate(r.next_date)}</>}
                {r.state === "Paused" && " · paused: nothing is raised until it is resumed"}
                {r.end_date && r.state !== "Ended" && <> · until {formatDate(r.end_date)}</>}
              </p>
              {r.state !== "Ended" && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ invoice: r, action: r.paused ? "resume" : "pause" })}
                    aria-label={`${r.paused ? "Resume" : "Pause"} ${r.title}`}
                  >
                    {r.paused ? "Resume" : "Pause"}
                  </Button>
                  {!r.paused && (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={act.isPending}
                      onClick={() => act.mutate({ invoice: r, action: "skip" })}
                      aria-label={`Skip next invoice of ${r.title}`}
                    >
                      Skip next
                    </Button>
                  )}
                  <Button variant="secondary" size="sm" disabled={act.isPending} onClick={() => setEnding(r)} aria-label={`End ${r.title}`}>
                    End
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setEditing(r)} aria-label={`Edit ${r.title}`}>
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <RecurringInvoiceDialog
          key={editing === "new" ? "new" : editing.id}
          clientId={clientId}
          recurring={editing === "new" ? undefined : (list.find((r) => r.id === editing.id) ?? editing)}
          open
          onOpenChange={(o) => !o && setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(o) => !o && setEnding(null)}
        title="End recurring invoice"
        description={ending ? `End "${ending.title}"? No more invoices will be raised for it; those already raised stay.` : ""}
        confirmLabel="End"
        onConfirm={() => (ending ? act.mutateAsync({ invoice: ending, action: "end" }) : undefined)}
      />
    </section>
  );
}
