/**
 * Settings → Audit (Owner): mail the CRM's inbox refused (not from a member of staff, failed
 * authentication, unreadable), counted over 90 days, with the latest 100 and why. No message was stored.
 */
import { useQuery } from "@tanstack/react-query";
import { formatDateTime } from "@/lib/format";
import { mailRefusalsQueryOptions } from "@/features/audit/api/audit";
import { MAIL_REFUSAL_RETENTION_DAYS, MAIL_REFUSALS_KEPT } from "@contract/mail";

export function MailRefusals({ className }: { className?: string }) {
  const query = useQuery(mailRefusalsQueryOptions());
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 ${className ?? ""}`} aria-labelledby="mail-refusals">
      <h2 id="mail-refusals" className="text-lg font-semibold">
        Refused mail
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Mail sent to the CRM's address that was not filed: not from a member of staff, not vouched for by the sender's domain, or
        unreadable. None of it was kept; the latest {MAIL_REFUSALS_KEPT} are listed with the reason.
      </p>
      {query.isPending ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          Loading…
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          Refused mail could not be loaded.
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm font-medium" data-testid="mail-refusal-count">
            {query.data.count === 0
              ? `None in the last ${MAIL_REFUSAL_RETENTION_DAYS} days.`
              : `${query.data.count} refused in the last ${MAIL_REFUSAL_RETENTION_DAYS} days${query.data.count > query.data.latest.length ? `; the latest ${query.data.latest.length}:` : ":"}`}
          </p>
          {query.data.latest.length > 0 && (
            // Up to a hundred: the list scrolls on its own, and takes focus so a keyboard can scroll it.
            <ul
              tabIndex={0}
              aria-label="Latest refused mail"
              className="mt-2 max-h-96 divide-y divide-slate-100 overflow-y-auto rounded text-sm focus-visible:outline-2 focus-visible:outline-brick-600"
            >
              {query.data.latest.map((r) => (
                <li key={r.id} className="py-2">
                  <span className="text-slate-600">{formatDateTime(r.created_at)}</span> ·{" "}
                  <span className="font-medium break-all">{r.envelope_from}</span>
                  <span className="block text-slate-700">{r.reason}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
