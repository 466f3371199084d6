/**
 * The calls booked on the site, as the CRM lists them: those still to come (soonest first) and those
 * that have been (latest first). Each shows who, when, how and what they want to talk about, with its
 * lead; a call still to come can be cancelled, one that has begun marked as held or a no-show.
 */
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { CalendarX2, Check, UserX } from "lucide-react";
import type { Call } from "@contract/call";
import type { CallStatus } from "@contract/call-values";
import { relatedHref } from "@contract/related-href";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadFailed } from "@/components/ui/load-failed";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { callsQueryOptions, useCallOutcome, useCancelCall, type CallsWhen } from "@/features/bookings/api/calls";

const statusBadge: Record<CallStatus, { label: string; tone: BadgeTone }> = {
  confirmed: { label: "Booked", tone: "blue" },
  cancelled: { label: "Cancelled", tone: "slate" },
  held: { label: "Held", tone: "green" },
  no_show: { label: "No-show", tone: "amber" },
};

/** "28 Nov 2026, 15:00–15:30", London time, as every CRM time is. */
const span = (c: Pick<Call, "start_at" | "end_at">) => `${formatDateTime(c.start_at)}–${formatDateTime(c.end_at).slice(-5)}`;

/** The time now, moved on each minute: a call's buttons change from Cancel to Mark as held as it begins. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function CallsList({ when }: { when: CallsWhen }) {
  const query = useQuery(callsQueryOptions(when));
  const now = useMinute();
  const outcome = useCallOutcome();
  const [cancelling, setCancelling] = useState<Call | null>(null);
  const cancel = useCancelCall();
  const label = when === "upcoming" ? "Upcoming calls" : "Past calls";

  if (query.isPending)
    return (
      <div className="space-y-3" role="status" aria-label={`Loading ${label.toLowerCase()}`}>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  if (query.isError) return <LoadFailed what={label} onRetry={() => void query.refetch()} />;
  const { calls } = query.data;
  if (calls.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-600">
        {when === "upcoming" ? (
          <>
            No calls booked yet. Visitors book on <a href="/book">the booking page</a>; each call shows here.
          </>
        ) : (
          "No past calls."
        )}
      </p>
    );

  const mark = (c: Call, status: "held" | "no_show") =>
    outcome.mutate(
      { id: c.id, input: { status, updated_at: c.updated_at } },
      {
        onSuccess: ({ emailed }) =>
          status === "held"
            ? toast.success("Call marked as held")
            : emailed === false
              ? toast.error(`Marked as a no-show, but the e-mail offering ${c.name} another time could not be sent`)
              : toast.success(`Marked as a no-show. ${c.name} was offered another time by e-mail`),
      },
    );

  return (
    <>
      <ul className="space-y-3" aria-label={label}>
        {calls.map((c) => {
          const begun = Date.parse(c.start_at) <= now;
          const badge = statusBadge[c.status];
          return (
            <li key={c.id} data-testid="call" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{span(c)}</span>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </p>
                  <p className="break-words">
                    {c.lead_id ? (
                      <Link className="font-medium text-brick-700 underline" to={relatedHref("lead", c.lead_id, c.lead_name ?? c.name)}>
                        {c.name}
                      </Link>
                    ) : (
                      <span className="font-medium">{c.name}</span>
                    )}
                    {c.company && <span className="text-slate-600"> · {c.company}</span>}
                  </p>
                  <p className="text-sm text-slate-600">
                    {c.method === "phone" ? `Phone: ${c.phone ?? "no number"}` : "Video call"} · with{" "}
                    {c.host_name ?? "a former member of staff"} · <a href={`mailto:${c.email}`}>{c.email}</a>
                  </p>
                  <p className="text-sm break-words whitespace-pre-line text-slate-800">{c.topic}</p>
                  {c.heard_from && <p className="text-xs text-slate-600">Heard of us: {c.heard_from}</p>}
                </div>
                {c.status === "confirmed" && (
                  <div className="flex flex-wrap gap-1">
                    {begun ? (
                      <>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={outcome.isPending}
                          onClick={() => mark(c, "held")}
                          aria-label={`Mark as held: the call with ${c.name}`}
                        >
                          <Check className="size-4" aria-hidden="true" />
                          Mark as held
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={outcome.isPending}
                          onClick={() => mark(c, "no_show")}
                          aria-label={`No-show: ${c.name} did not come`}
                        >
                          <UserX className="size-4" aria-hidden="true" />
                          No-show
                        </Button>
                      </>
                    ) : (
                      <Button size="sm" variant="ghost" onClick={() => setCancelling(c)} aria-label={`Cancel the call with ${c.name}`}>
                        <CalendarX2 className="size-4" aria-hidden="true" />
                        Cancel
                      </Button>
                    )}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(o) => !o && setCancelling(null)}
        title="Cancel this call?"
        description={
          cancelling ? `${cancelling.name} is e-mailed that the call on ${span(cancelling)} is off, with a link to book another time.` : ""
        }
        confirmLabel="Cancel the call"
        cancelLabel="Keep it"
        onConfirm={() =>
          cancel.mutateAsync({ id: cancelling!.id, updated_at: cancelling!.updated_at }).then(() => toast.success("Call cancelled"))
        }
      />
    </>
  );
}
