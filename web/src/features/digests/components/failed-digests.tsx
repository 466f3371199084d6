/** Settings (Owner): whose daily digest the e-mail binding refused, with a resend, as the Leads page lists failed enquiry e-mails. */
import { useQuery } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { failedDigestsQueryOptions, useResendDigest } from "@/features/digests/api/digests";

export function FailedDigests({ className }: { className?: string }) {
  const { data: failed = [] } = useQuery(failedDigestsQueryOptions());
  const resend = useResendDigest();
  if (failed.length === 0) return null;
  return (
    <section
      aria-labelledby="failed-digests-title"
      className={`rounded-xl border border-amber-300 bg-amber-50 p-5 text-sm text-amber-950 ${className ?? ""}`}
    >
      <h2 id="failed-digests-title" className="flex items-center gap-2 text-base font-semibold">
        <MailWarning className="size-4" aria-hidden="true" />
        {failed.length === 1 ? "1 daily digest was not delivered" : `${failed.length} daily digests were not delivered`}
      </h2>
      <p className="mt-1">
        Until a sending domain is set up in Cloudflare&apos;s Email Service, Cloudflare delivers only to verified addresses: verify the
        colleague&apos;s address in Email Routing (or set up the domain), then send it again. A resend lists what is due now.
      </p>
      <ul className="mt-3 space-y-2">
        {failed.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-words">
              <strong>{d.full_name}</strong> ({d.email}), {formatDate(d.run_date)}, {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
              {d.error ? `: ${d.error}` : ""}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={resend.isPending && resend.variables === d.id}
              onClick={() =>
                resend.mutate(d.id, {
                  onSuccess: ({ outcome }) =>
                    outcome === "sent"
                      ? toast.success("Digest sent", { description: `To ${d.full_name}` })
                      : toast.info("Nothing to send", { description: `Nothing is due for ${d.full_name} now.` }),
                })
              }
              aria-label={`Send the digest again to ${d.full_name}`}
            >
              Send again
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
