/**
 * Settings → Audit trail (Owner): who signed in, exported, invited, disabled, deleted a client, changed the
 * studio details or a client's preview access... newest first, with Load more for older pages. A table on
 * wide screens; each row stacks into a card on a phone. A client or preview card is named in the detail.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditEvent } from "@contract/audit";
import { auditActionLabels } from "@contract/audit-values";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { auditQueryOptions } from "@/features/audit/api/audit";

const cell = "px-2 py-2 align-top max-md:block max-md:px-0 max-md:py-0.5";

function EventRow({ event }: { event: AuditEvent }) {
  return (
    <tr className="max-md:block max-md:py-3">
      <td className={`${cell} whitespace-nowrap text-slate-600`}>
        <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
      </td>
      <td className={`${cell} font-medium`}>{event.actor_name ?? "Visitor"}</td>
      <td className={cell}>
        {auditActionLabels[event.action]}
        {event.subject_name && <span className="block text-slate-600">{event.subject_name}</span>}
      </td>
      <td className={`${cell} text-slate-600 wrap-anywhere`}>{event.detail}</td>
    </tr>
  );
}

export function AuditPanel({ className }: { className?: string }) {
  const { data, isPending, isError, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useInfiniteQuery(auditQueryOptions());
  const events = data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 ${className ?? ""}`} aria-labelledby="audit-trail">
      <h2 id="audit-trail" className="text-lg font-semibold">
        Audit trail
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Sign-ins, lock-outs, password changes, exports, imports, invitations, account changes, deleted clients, studio details and client
        preview access, newest first.
      </p>

      {isPending ? (
        <div className="mt-4 space-y-2">
          <span role="status" className="sr-only">
            Loading the audit trail…
          </span>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      ) : isError && !data ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p>The audit trail could not be loaded.</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()} disabled={isRefetching}>
            {isRefetching ? "Trying..." : "Try again"}
          </Button>
        </div>
      ) : events.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Nothing has been recorded yet.</p>
      ) : (
        <>
          <table className="mt-4 w-full text-left text-sm max-md:block">
            <thead className="max-md:sr-only">
              <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
                <th scope="col" className="px-2 py-2 font-medium">
                  When
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Who
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  What
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Detail
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-md:block">
              {events.map((e) => (
                <EventRow key={e.id} event={e} />
              ))}
            </tbody>
          </table>
          {isFetchNextPageError && (
            <p role="alert" className="mt-3 text-sm text-red-800">
              Older events could not be loaded.
            </p>
          )}
          {hasNextPage && (
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? "Loading..." : isFetchNextPageError ? "Try again" : "Load more"}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
