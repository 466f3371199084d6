/** The activity feed (each entry's related record named and linked, a page at a time, filtered), and its 'Log Activity' dialog. */
import { useEffect } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { ArrowRightLeft, Mail, MessageSquare, Phone, Users, type LucideIcon } from "lucide-react";
import {
  activityInput,
  activityTypeLabels,
  activityTypes,
  type ActivityInput,
  type ActivityListItem,
  type ActivityType,
} from "@contract/activity";
import { relatedTypeLabels, relatedTypes } from "@contract/task";
import { isPerson } from "@contract/user";
import { NativeOptions, NativeSelect } from "@/components/ui/select-native";
import { MailToggle } from "@/components/mail-view";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { OptionsField, TextareaField } from "@/components/ui/form-fields";
import { RelatedRecordPicker } from "./related-record-picker";
import { SelectField } from "@/components/ui/select-field";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { relatedHref } from "@/lib/related-href";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import {
  activitiesQueryOptions,
  activityUsersQueryOptions,
  useLogActivity,
  type ActivityFilters,
} from "@/features/activity/api/activities";

const icons: Record<ActivityType, LucideIcon> = {
  Call: Phone,
  Email: Mail,
  Meeting: Users,
  Note: MessageSquare,
  StatusChange: ArrowRightLeft,
};
const tones: Record<ActivityType, BadgeTone> = { Call: "blue", Email: "indigo", Meeting: "violet", Note: "slate", StatusChange: "amber" };

export function LogActivityDialog({
  open,
  onOpenChange,
  userId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
}) {
  const log = useLogActivity();
  const users = useQuery({ ...activityUsersQueryOptions(), enabled: open });
  // 'Who' offers people only: the shared team account is a gate, not someone who made a call.
  const people = users.data?.users.filter((u) => isPerson(u) && (!u.disabled || u.id === userId));
  const signedInAsPerson = !users.data || people?.some((u) => u.id === userId);
  const empty: ActivityInput = { who_username: userId, type: "Note", summary: "", related_type: null, related_id: null };
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: activityInput,
    defaultValues: empty,
    fields: ["who_username", "type", "summary", "related_type", "related_id"],
    create: (values) => log.mutateAsync(values),
    toasts: { created: "Activity logged successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control, setValue } = form;
  const relatedType = useWatch({ control, name: "related_type" });
  // Signed in through the team gate: nobody is preselected (left empty, the entry is the shared account's).
  const teamSignedIn = !signedInAsPerson;
  useEffect(() => {
    if (teamSignedIn) setValue("who_username", "");
  }, [teamSignedIn, setValue]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Log Activity"
      description="A call, e-mail, meeting or note for the team's record."
      onSubmit={onSubmit}
      busy={busy}
      submitLabel="Log Activity"
      busyLabel="Logging..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionsField control={control} name="type" label="Type" values={activityTypes} labels={activityTypeLabels} />
        {/* The users may arrive after the form mounts. */}
        <SelectField control={control} name="who_username" label="Who">
          {!signedInAsPerson && <option value="">Choose who</option>}
          {people?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.full_name}
            </option>
          )) ?? <option value={userId}>Me</option>}
        </SelectField>
        <SelectField
          control={control}
          name="related_type"
          label="Related Type"
          onValueChange={(v) => {
            setValue("related_id", null);
            if (!v) setValue("related_type", null);
          }}
        >
          <option value="">None</option>
          <NativeOptions values={relatedTypes} labels={relatedTypeLabels} />
        </SelectField>
      </div>
      <RelatedRecordPicker key={relatedType ?? ""} control={control} type={relatedType} />
      <TextareaField control={control} name="summary" label="Summary" required />
    </FormDialog>
  );
}

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
          return (
            <li key={a.id} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100">
                <Icon className="size-5 text-slate-600" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="font-medium whitespace-pre-line">{a.summary}</p>
                  <Badge tone={tones[a.type]}>{activityTypeLabels[a.type]}</Badge>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {a.who_name ? `${a.who_name} (client)` : ((a.who_username && names.get(a.who_username)) ?? "Unknown user")} ·{" "}
                  <time dateTime={a.created_at}>{formatDateTime(a.created_at)}</time>
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
