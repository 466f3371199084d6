/**
 * A lead's Timeline tab. "Log activity" records a call, e-mail, meeting or note in the Activity
 * Feed, related to the lead, so it shows in both places; the timeline lists those beside the lead's
 * own entries (notes, stage changes, workflow actions), newest first, and once the lead is a client
 * what is logged on the client too (mail filed there). After logging, it offers the two things a
 * call usually leads to: the next follow-up date and ticking off the open follow-up task.
 */
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { activityTypeLabels } from "@contract/activity";
import type { Lead } from "@contract/lead";
import type { LeadActivityType } from "@contract/lead-activity";
import { ActivityTimeline, LogActivityForm, newestFirst, type TimelineEntry } from "@/components/activity-timeline";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { activityCredit, activityTime } from "@/lib/activity-credit";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { relatedHref } from "@/lib/related-href";
import { toast } from "@/lib/toast";
import { leadActivitiesQueryOptions, useUpdateLead } from "@/features/leads/api/leads";
import { leadOpenTasksQueryOptions, useCompleteTask, useLogLeadActivity } from "@/features/leads/api/lead-follow-up";

const timelineLabels: Record<LeadActivityType, string> = {
  note_added: "Note",
  stage_change: "Stage change",
  workflow_action: "Workflow action",
};

export function LeadTimeline({ lead, names }: { lead: Lead; names?: Record<string, string> }) {
  const { data, isPending, isError, refetch } = useQuery(leadActivitiesQueryOptions(lead.id));
  const [logged, setLogged] = useState(false);
  const log = useLogLeadActivity(lead.id);
  const nameOf = (id: string) => names?.[id];
  const entries: TimelineEntry[] = data
    ? newestFirst([
        ...data.activities.map((a) => ({
          id: a.id,
          label: timelineLabels[a.activity_type],
          text: a.description,
          by: a.created_by ? (nameOf(a.created_by) ?? "—") : data.automatic,
          at: a.created_at,
        })),
        ...data.logged.map((a) => {
          const time = activityTime(a);
          return {
            id: a.id,
            label: activityTypeLabels[a.type],
            text: a.summary,
            by: activityCredit(a, nameOf),
            at: time.at,
            sent: time.sent,
            mailId: a.mail_id,
            // Logged on the client this lead became.
            on:
              a.related_type === "client" && a.related_id
                ? { text: `on client ${a.related_name ?? ""}`.trim(), href: relatedHref("client", a.related_id, a.related_name ?? "") }
                : null,
          };
        }),
      ])
    : [];

  return (
    <div className="space-y-4">
      {logged ? (
        <AfterLogging lead={lead} onDone={() => setLogged(false)} />
      ) : (
        <LogActivityForm
          pending={log.isPending}
          onLog={(input, done) =>
            log.mutate(input, {
              onSuccess: () => {
                toast.success("Activity added successfully");
                done();
                setLogged(true);
              },
            })
          }
        />
      )}
      <ActivityTimeline entries={entries} isPending={isPending} isError={isError} onRetry={() => void refetch()} label="Timeline" />
    </div>
  );
}

/** The follow-up a logged call usually needs: when next, and the task it answered ticked off. */
function AfterLogging({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const [date, setDate] = useState(lead.follow_up_date ?? "");
  const update = useUpdateLead();
  const tasks = useQuery(leadOpenTasksQueryOptions(lead.id));
  const complete = useCompleteTask();
  // Ticked here, a task stays in the list marked done rather than vanishing (a task's tick has no toast).
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const open = tasks.data?.filter((t) => !t.completed || done.has(t.id)) ?? [];
  const id = useId();
  const setFollowUp = (e: React.FormEvent) => {
    e.preventDefault();
    update.mutate(
      { id: lead.id, patch: { follow_up_date: date || null, updated_at: lead.updated_at } },
      {
        onSuccess: () =>
          toast.success("Lead updated successfully", { description: date ? `Next follow-up: ${formatDate(date)}` : "No follow-up date" }),
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-brick-200 bg-brick-50/50 p-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Logged. What next?
      </h3>
      <form onSubmit={setFollowUp} className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-800">
            Next follow-up
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            className={cn(inputClass, "mt-1 h-9 w-auto")}
          />
        </div>
        <Button type="submit" size="sm" variant="secondary" disabled={update.isPending || date === (lead.follow_up_date ?? "")}>
          {update.isPending ? "Saving..." : "Set follow-up"}
        </Button>
      </form>
      {open.length > 0 && (
        <ul className="space-y-1" aria-label="Open tasks for this lead">
          {open.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-slate-800">
                {t.title}
                {t.due_date && <span className="text-slate-500"> · due {formatDate(t.due_date)}</span>}
              </span>
              {done.has(t.id) ? (
                <span className="text-sm font-medium text-green-800">Completed</span>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Complete task: ${t.title}`}
                  disabled={complete.isPending}
                  onClick={() => complete.mutate(t, { onSuccess: () => setDone((d) => new Set(d).add(t.id)) })}
                >
                  Complete task
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
