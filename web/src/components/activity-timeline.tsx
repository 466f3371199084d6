/**
 * A record's history, newest first, as a lead's Timeline tab and a client's Activity section show
 * it, and the small form that logs a call, e-mail, meeting or note on it. The records' features
 * turn their own answers into entries; this draws them alike.
 */
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { activityTypeLabels, type LoggableActivityType } from "@contract/activity-values";
import { MailToggle } from "@/components/mail-view";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";

export interface TimelineEntry {
  id: string;
  /** The kind of entry: "Email", "Question", "Stage change"… */
  label: string;
  text: string;
  /** Who it is credited to. */
  by: string;
  at: string;
  /** A filed e-mail's time is when it was sent, and says so. */
  sent?: boolean;
  /** An Email entry filed from the CRM's inbox: the message it opens. */
  mailId?: string | null;
  /** Where it was logged, when that is not the record shown (a converted lead's entry on its client's page). */
  on?: { text: string; href?: string } | null;
}

export const newestFirst = (entries: TimelineEntry[]) => [...entries].sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));

/** The entries, or a placeholder while they load, a message if they could not be, or the empty text. */
export function ActivityTimeline({
  entries,
  isPending,
  isError,
  onRetry,
  label,
  empty = "No activity yet.",
}: {
  entries: TimelineEntry[];
  isPending: boolean;
  isError: boolean;
  onRetry?: () => void;
  /** The list's accessible name. */
  label: string;
  empty?: string;
}) {
  if (isPending)
    return (
      <div className="space-y-2" role="status" aria-label={`Loading ${label.toLowerCase()}`}>
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  if (isError)
    return (
      <p className="text-sm text-slate-600" role="alert">
        The {label.toLowerCase()} could not be loaded.{" "}
        {onRetry && (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </p>
    );
  if (entries.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ol className="space-y-3 border-l border-slate-200 pl-4" aria-label={label}>
      {entries.map((e) => (
        <li key={e.id} className="text-sm" data-testid="timeline-entry">
          <p className="break-words whitespace-pre-wrap text-slate-900">{e.text}</p>
          <p className="text-xs break-words text-slate-600">
            {e.label} · {e.by} · {e.sent ? "sent " : ""}
            <time dateTime={e.at}>{formatDateTime(e.at)}</time>
            {e.on && (
              <>
                {" · "}
                {e.on.href ? (
                  <Link to={e.on.href} className="text-brick-700 underline focus-visible:outline-2 focus-visible:outline-brick-600">
                    {e.on.text}
                  </Link>
                ) : (
                  e.on.text
                )}
              </>
            )}
          </p>
          {e.mailId && <MailToggle id={e.mailId} />}
        </li>
      ))}
    </ol>
  );
}

/** What can be logged on a record: the feed's types but a status change, which the record writes itself. */
const loggable: LoggableActivityType[] = ["Call", "Email", "Meeting", "Note"];

/** Log activity: a type and a summary. `onLog` saves it and calls `done` once it is saved. */
export function LogActivityForm({
  onLog,
  pending,
}: {
  onLog: (input: { type: LoggableActivityType; summary: string }, done: () => void) => void;
  pending: boolean;
}) {
  const [type, setType] = useState<LoggableActivityType>("Call");
  const [summary, setSummary] = useState("");
  const [error, setError] = useState<string>();
  const id = useId();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!summary.trim()) {
      setError("Summary is required");
      return;
    }
    onLog({ type, summary: summary.trim() }, () => {
      setSummary("");
      setError(undefined);
    });
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
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Logging..." : "Log Activity"}
        </Button>
      </div>
    </form>
  );
}
