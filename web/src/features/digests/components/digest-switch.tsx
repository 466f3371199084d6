/** Settings → Your account: whether the 08:00 daily digest is e-mailed to you. */
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/lib/toast";
import { digestPreferenceQueryOptions, useSetDigestPreference } from "@/features/digests/api/digests";

export function DigestSwitch() {
  const { data: on, isPending, isError } = useQuery(digestPreferenceQueryOptions());
  const save = useSetDigestPreference();
  const checked = save.isPending ? save.variables : on;
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <h3 className="text-base font-semibold">Daily digest</h3>
      {isPending ? (
        <Skeleton className="mt-3 h-12" />
      ) : isError ? (
        <p className="mt-1 text-sm text-red-700">Your digest setting could not be loaded. Reload the page to try again.</p>
      ) : (
        <label className="mt-3 flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            role="switch"
            className="mt-0.5 size-5 shrink-0 accent-brick-600"
            checked={!!checked}
            disabled={save.isPending}
            onChange={(e) => {
              const next = e.target.checked;
              save.mutate(next, {
                onSuccess: () => toast.success(next ? "Daily digest turned on" : "Daily digest turned off"),
              });
            }}
            aria-describedby="digest-hint"
          />
          <span>
            <span className="text-sm font-medium">E-mail me a daily digest</span>
            <span id="digest-hint" className="block text-sm text-slate-600">
              At 08:00 on mornings when something needs you: your tasks due or overdue, follow-ups due, proposals waiting more than 7 days
              and new client feedback (and, for an Owner, overdue invoices). Nothing is sent on a quiet day.
            </span>
          </span>
        </label>
      )}
    </div>
  );
}
