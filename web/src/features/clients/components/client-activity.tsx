/**
 * The client's Activity section, like a lead's timeline: its e-mails (filed and sent), questions
 * and answers on its proposals, what was logged on it and its projects, proposals and invoices,
 * and the history of the leads converted into it, newest first, with Log activity above.
 */
import { useQuery } from "@tanstack/react-query";
import { activityTypeLabels } from "@contract/activity-values";
import type { LeadActivityType } from "@contract/lead-activity";
import { relatedTypeLabels } from "@contract/task-values";
import { ActivityTimeline, LogActivityForm, newestFirst, type TimelineEntry } from "@/components/activity-timeline";
import { activityCredit, activityTime } from "@/lib/activity-credit";
import { relatedHref } from "@/lib/related-href";
import { toast } from "@/lib/toast";
import { clientActivitiesQueryOptions, useLogClientActivity } from "@/features/clients/api/clients";

const leadEntryLabels: Record<LeadActivityType, string> = {
  note_added: "Note",
  stage_change: "Stage change",
  workflow_action: "Workflow action",
};

export function ClientActivity({ clientId, names }: { clientId: string; names?: Record<string, string> }) {
  const { data, isPending, isError, refetch } = useQuery(clientActivitiesQueryOptions(clientId));
  const log = useLogClientActivity(clientId);
  const nameOf = (id: string) => names?.[id];
  const entries: TimelineEntry[] = data
    ? newestFirst([
        ...data.activities.map((a) => ({
          id: a.id,
          label: leadEntryLabels[a.activity_type],
          text: a.description,
          by: a.created_by ? (nameOf(a.created_by) ?? "—") : data.automatic,
          at: a.created_at,
          on: { text: `on lead ${a.lead_name}`, href: relatedHref("lead", a.lead_id, a.lead_name) },
        })),
        ...data.logged.map((a) => {
          const time = activityTime(a);
          const elsewhere = a.related_type && a.related_type !== "client" && a.related_id;
          return {
            id: a.id,
            label: activityTypeLabels[a.type],
            text: a.summary,
            by: activityCredit(a, nameOf),
            at: time.at,
            sent: time.sent,
            mailId: a.mail_id,
            // Logged on one of the client's records, or on the lead it was.
            on: elsewhere
              ? {
                  text: `on ${relatedTypeLabels[a.related_type!].toLowerCase()} ${a.related_name ?? "(deleted)"}`,
                  href: a.related_name === null ? undefined : relatedHref(a.related_type!, a.related_id!, a.related_name),
                }
              : null,
          };
        }),
      ])
    : [];
  return (
    <section aria-labelledby="client-activity" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="client-activity" className="text-lg font-semibold">
        Activity{data ? ` (${entries.length})` : ""}
      </h2>
      <LogActivityForm
        pending={log.isPending}
        onLog={(input, done) =>
          log.mutate(input, {
            onSuccess: () => {
              toast.success("Activity added successfully");
              done();
            },
          })
        }
      />
      <ActivityTimeline
        entries={entries}
        isPending={isPending}
        isError={isError}
        onRetry={() => void refetch()}
        label="Client activity"
        empty="No activity yet. E-mails filed or sent, questions and answers, and what is logged here will show in this list."
      />
    </section>
  );
}
