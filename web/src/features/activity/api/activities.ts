/** The activity feed: list and log. Keys start with "activities". */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ActivityInput } from "@contract/activity";
import type { RelatedType } from "@contract/task";
import { api, ok } from "@/lib/api";

export const activityKeys = { all: ["activities"] as const, list: () => ["activities", "list"] as const };

export const activitiesQueryOptions = () =>
  queryOptions({
    queryKey: activityKeys.list(),
    queryFn: ({ signal }) => ok(api.crm.activities.$get({}, { init: { signal } })),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.all }),
    meta: { errorTitle: "Failed to log activity" },
  });
}
