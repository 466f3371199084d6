/**
 * A lead's Timeline tab. "Log activity" records a call, e-mail, meeting or note in the Activity
 * Feed, related to the lead, so it shows in both places; the timeline lists those beside the lead's
 * own entries (notes, stage changes, workflow actions), newest first. After logging, it offers the
 * two things a call usually leads to: the next follow-up date and ticking off the open follow-up task.
 */
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { activityTypeLabels, type LoggableActivityType } from "@contract/activity";
import { MailToggle } from "@/components/mail-view";
import type { Lead } from "@contract/lead";
import type { LeadActivityType } from "@contract/lead-activity";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { formatDate, formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { leadActivitiesQueryOptions, personName, useUpdateLead } from "@/features/leads/api/leads";
import { leadOpenTasksQueryOptions, useCompleteTask, useLogLeadActivity } from "@/features/leads/api/lead-follow-up";

/** What can be logged from a lead: the feed's types but a status change, which the lead writes itself. */
const loggable: LoggableActivityType[] = ["Call", "Email", "Meeting", "Note"];

const timelineLabels: Record<LeadActivityType, string> = {
  note_added: "Note",
  stage_change: "Stage change",
  workflow_action: "Workflow action",
};

interface Entry {
  id: string;
  label: string;
  text: string;
  by: string | null;
  at: string;
  /** An Email entry filed from the CRM's inbox: the message it opens. */
  mailId?: string | null;
}

export function LeadTimeline({ lead, names }: { lead: Lead; names?: Record<string, string> }) {
  const { data, isPending, isError } = useQuery(leadActivitiesQueryOptions(lead.id));
  const [logged, setLogged] = useState(false);
  const entries: Entry[] = data
    ? [
        ...data.activities.map((a) => ({
          id: a.id,
          label: timelineLabels[a.activity_type],
          text: a.description,
          by: personName(names, a.created_by),
          at: a.created_at,
        })),
        ...data.logged.map((a) => ({
          id: a.id,
          label: activityTypeLabels[a.type],
          text: a.summary,
          by: a.who_name ?? personName(names, a.who_username),
          at: a.created_at,
          mailId: a.mail_id,
        })),
      ].sort((a, b) => b.at.localeCompare(a.at))
    : [];

  return (
    <div className="space-y-4">
      {logged ? (
        <AfterLogging lead={lead} onDone={() => setLogged(false)} />
      ) : (
        <LogActivityForm leadId={lead.id} onLogged={() => setLogged(true)} />
      )}
      {isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading timeline">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : isError ? (
        <p className="text-sm text-slate-600">The timeline could not be loaded.</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-600">No activity yet.</p>
      ) : (
        <ol className="space-y-3 border-l border-slate-200 pl-4" aria-label="Timeline">
          {entries.map((e) => (
            <li key={e.id} className="text-sm">
              <p className="whitespace-pre-wrap text-slate-900">{e.text}</p>
              <p className="text-xs text-slate-500">
                {e.label} · {e.by} · {formatDateTime(e.at)}
              </p>
              {e.mailId && <MailToggle id={e.mailId} />}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function LogActivityForm({ leadId, onLogged }: { leadId: string; onLogged: () => void }) {
  const [type, setType] = useState<LoggableActivityType>("Call");
  const [summary, setSummary] = useState("");
  const [error, setError] = useState<string>();
  const log = useLogLeadActivity(leadId);
  const id = useId();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!summary.trim()) {
      setError("Summary is required");
      return;
    }
    log.mutate(
      { type, summary: summary.trim() },
      {
        onSuccess: () => {
          toast.success("Activity added successfully");
          setSummary("");
          setError(undefined);
          onLogged();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2 rounded-lg border border-slate-200 p-3">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Log activity</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {loggable.map((t) => (
            <label
              key={t}
              className={cn(
                "relative cursor-pointer rounded-full border px-3 py-1 text-sm has-focus-visible:outline-2 has-focus-visible:outline-brick-600",
                type === t
                  ? "border-brick-600 bg-brick-50 font-semibold text-brick-800"
                  : "border-slate-300 text-slate-700 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name={`${id}-type`}
                value={t}
                checked={type === t}
                onChange={() => setType(t)}
                className="absolute inset-0 cursor-pointer opacity-0"
              />
              {activityTypeLabels[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Summary
      </label>
      <Textarea
        id={id}
        value={summary}
        onChange={(e) => setSummary(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={log.isPending}>
          {log.isPending ? "Logging..." : "Log Activity"}
        </Button>
      </div>
    </form>
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
