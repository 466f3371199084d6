/** The activity feed: list and log. Keys start with "activities". */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ActivityCursor, ActivityInput, ActivityType } from "@contract/activity";
import type { RelatedType } from "@contract/task";
import { api, ok } from "@/lib/api";
import { invalidateEntity } from "@/lib/live";

/** The feed's filters, as the page reads them from its URL (?type=, ?who=). */
export interface ActivityFilters {
  type?: ActivityType;
  who?: string;
}

export const activityKeys = {
  all: ["activities"] as const,
  // contract/crm-boot.ts inlines the first page under this key: keep the two alike.
  list: (filters: ActivityFilters) => ["activities", "list", filters] as const,
};

/**
 * The feed, a page at a time: each page after the last entry of the one before (its `next`), with
 * the same filters. A refetch (a live change, say) walks the pages again from the newest, so every
 * entry still shows exactly once.
 */
export const activitiesQueryOptions = (filters: ActivityFilters = {}) =>
  infiniteQueryOptions({
    queryKey: activityKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      ok(api.crm.activities.$get({ query: { type: filters.type, who: filters.who, ...pageParam } }, { init: { signal } })),
    initialPageParam: null as ActivityCursor | null,
    getNextPageParam: (last) => last.next,
    meta: { errorTitle: "Failed to fetch activities" },
  });

/** Log Activity's picker: records of `type` whose name contains `q`, found by the worker. */
export const relatedRecordsQueryOptions = (type: RelatedType, q: string) =>
  queryOptions({
    queryKey: ["activities", "related", type, q] as const,
    queryFn: ({ signal }) => ok(api.crm.activities.related.$get({ query: { type, q } }, { init: { signal } })),
    meta: { errorTitle: false },
    staleTime: 30_000,
  });

export const activityUsersQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "list"] as const,
    queryFn: ({ signal }) => ok(api.crm.users.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch users" },
    staleTime: 5 * 60_000,
  });

export function useLogActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivityInput) => ok(api.crm.activities.$post({ json: input })),
    // The feed, and the timeline of the lead it is for.
    onSuccess: () => invalidateEntity(queryClient, "activities"),
    meta: { errorTitle: "Failed to log activity" },
  });
}
