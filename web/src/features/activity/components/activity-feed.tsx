/**
 * The activity feed (each entry's related record named and linked, a page at a time, filtered).
 * Its 'Log Activity' dialog is log-activity-dialog.tsx, loaded when first opened.
 */
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { ArrowRightLeft, Mail, MessageCircleQuestion, MessageSquare, Phone, Reply, Users, type LucideIcon } from "lucide-react";
import type { ActivityListItem } from "@contract/activity";
import { activityTypeLabels, activityTypes, type ActivityType } from "@contract/activity-values";
import { NativeOptions, NativeSelect } from "@/components/ui/select-native";
import { MailToggle } from "@/components/mail-view";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { activityCredit, activityTime } from "@/lib/activity-credit";
import { formatDateTime } from "@/lib/format";
import { relatedHref } from "@/lib/related-href";
import { activitiesQueryOptions, activityUsersQueryOptions, type ActivityFilters } from "@/features/activity/api/activities";

const icons: Record<ActivityType, LucideIcon> = {
  Call: Phone,
  Email: Mail,
  Meeting: Users,
  Note: MessageSquare,
  StatusChange: ArrowRightLeft,
  Question: MessageCircleQuestion,
  Answer: Reply,
};
const tones: Record<ActivityType, BadgeTone> = {
  Call: "blue",
  Email: "indigo",
  Meeting: "violet",
  Note: "slate",
  StatusChange: "amber",
  Question: "green",
  Answer: "brick",
};

/** 'Related to lead: Priya Shah' as a link, or plain 'Deleted lead' once the record is gone. */
function RelatedTo({ activity: a, onOpenLead }: { activity: ActivityListItem; onOpenLead?: (leadId: string) => void }) {
  if (!a.related_type) return null;
  if (!a.related_id || a.related_name === null) return <p className="mt-1 text-xs text-slate-500">Related to: Deleted {a.related_type}</p>;
  const target = { ...a, related_id: a.related_id, related_name: a.related_name };
  return (
    <p className="mt-1 text-xs text-slate-500">
      Related to {a.related_type}:{" "}
      <Link
        to={relatedHref(a.related_type, target.related_id, target.related_name)}
        className="font-medium text-brick-700 underline"
        onClick={(e) => {
          // A plain click on a lead opens its dialog here; a new-tab click follows the link.
          if (a.related_type !== "lead" || !onOpenLead || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          onOpenLead(target.related_id);
        }}
      >
        {a.related_name}
      </Link>
    </p>
  );
}

export function ActivityFeed({ filters, onOpenLead }: { filters: ActivityFilters; onOpenLead?: (leadId: string) => void }) {
  const { data, isPending, isError, refetch, isRefetching, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useInfiniteQuery(activitiesQueryOptions(filters));
  const users = useQuery(activityUsersQueryOptions());
  if (isPending)
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading activity">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
    );
  if (isError && !data)
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        Could not load activity.{" "}
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
          Try again
        </Button>
      </div>
    );
  const entries = data.pages.flatMap((p) => p.activities);
  if (entries.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {filters.type || filters.who ? "No activity matches these filters." : "No activity yet."}
      </div>
    );
  const names = new Map(users.data?.users.map((u) => [u.id, u.full_name]));
  return (
    <>
      <ul className="space-y-2" aria-label="Activity entries">
        {entries.map((a) => {
          const Icon = icons[a.type];
          const time = activityTime(a);
          return (
            <li key={a.id} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100">
                <Icon className="size-5 text-slate-600" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="min-w-0 font-medium whitespace-pre-line wrap-anywhere">{a.summary}</p>
                  <Badge tone={tones[a.type]}>{activityTypeLabels[a.type]}</Badge>
                </div>
                <p className="mt-1 text-sm break-words text-slate-600">
                  {activityCredit(a, (id) => names.get(id))} · {time.sent ? "sent " : ""}
                  <time dateTime={time.at}>{formatDateTime(time.at)}</time>
                </p>
                <RelatedTo activity={a} onOpenLead={onOpenLead} />
                {a.mail_id && <MailToggle id={a.mail_id} />}
              </div>
            </li>
          );
        })}
      </ul>
      {isFetchNextPageError && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          Older activity could not be loaded.
        </p>
      )}
      {hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? "Loading..." : isFetchNextPageError ? "Try again" : "Load more"}
          </Button>
        </div>
      )}
    </>
  );
}

/** The feed's filters: a type and a person, kept in the page's URL. */
export function ActivityFilterBar({
  filters,
  onChange,
}: {
  filters: ActivityFilters;
  onChange: (name: keyof ActivityFilters, value: string) => void;
}) {
  const users = useQuery(activityUsersQueryOptions());
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <div className="sm:w-56">
        <NativeSelect aria-label="Filter by type" value={filters.type ?? ""} onChange={(e) => onChange("type", e.target.value)}>
          <option value="">All Types</option>
          <NativeOptions values={activityTypes} labels={activityTypeLabels} />
        </NativeSelect>
      </div>
      <div className="sm:w-56">
        <NativeSelect aria-label="Filter by person" value={filters.who ?? ""} onChange={(e) => onChange("who", e.target.value)}>
          <option value="">Everyone</option>
          {users.data?.users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.full_name}
            </option>
          ))}
          {/* A person named in the URL before the names have loaded keeps its place. */}
          {filters.who && !users.data && <option value={filters.who}>Loading…</option>}
        </NativeSelect>
      </div>
    </div>
  );
}
