/** A notice above the leads table while any website enquiry's notification e-mail has failed, with a resend per enquiry. */
import { useQuery } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { failedNotificationsQueryOptions, useRetryNotification } from "@/features/form-submissions/api/failed-notifications";

const kindLabel = { contact: "Contact message", redesign: "Free redesign request", valuation: "Valuation request" } as const;

export function FailedNotifications() {
  const { data: failed = [] } = useQuery(failedNotificationsQueryOptions());
  const retry = useRetryNotification();
  if (failed.length === 0) return null;
  return (
    <section
      aria-labelledby="failed-notifications-title"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="failed-notifications-title" className="flex items-center gap-2 font-semibold">
        <MailWarning className="size-4" aria-hidden="true" />
        {failed.length === 1 ? "1 enquiry notification was not e-mailed" : `${failed.length} enquiry notifications were not e-mailed`}
      </h2>
      <p className="mt-1">The enquiries are saved as leads below; resend the e-mail to the studio inbox once mail works again.</p>
      <ul className="mt-3 space-y-2">
        {failed.map((n) => (
          <li key={n.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {kindLabel[n.kind]} from <strong>{n.name}</strong> ({n.email}), {formatDateTime(n.created_at)}, {n.email_attempts}{" "}
              {n.email_attempts === 1 ? "attempt" : "attempts"}
            </span>
            <Button
              variant="secondary"
              size="sm"
              disabled={retry.isPending && retry.variables === n.id}
              onClick={() => retry.mutate(n.id, { onSuccess: () => toast.success("Notification e-mail sent") })}
              aria-label={`Resend e-mail for ${n.name}`}
            >
              Resend e-mail
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
