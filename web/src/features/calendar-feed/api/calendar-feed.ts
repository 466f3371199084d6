/**
 * The signed-in user's calendar feed: its state, making or rotating its URL, turning it off.
 * Keys start with "calendar-feed". The URL comes back only from a make or rotate: the server keeps
 * its hash alone, so the panel holds it in memory until the user leaves.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CalendarFeedStatus } from "@contract/calendar-feed";
import { api, ok } from "@/lib/api";
import { showSaved } from "@/lib/query-client";

export const calendarFeedKeys = { all: ["calendar-feed"] as const };

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarFeedKeys.all,
    // The cache holds the API's answer as it is, so it can come inline with /crm/settings (contract/crm-boot.ts).
    queryFn: ({ signal }): Promise<{ feed: CalendarFeedStatus }> => ok(api.crm["calendar-feed"].$get({}, { init: { signal } })),
    select: (answer) => answer.feed,
    meta: { errorTitle: "Failed to fetch your calendar feed" },
  });

/** Makes the URL (`rotate: false`) or replaces it (`rotate: true`); resolves to the new URL. */
export function useIssueCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rotate: boolean) => ok(api.crm["calendar-feed"].$post({ json: { rotate } })),
    onSuccess: ({ feed }) => showSaved(queryClient, calendarFeedKeys.all, { feed }),
    // A 409 means another tab made it first: show the feed as it now is.
    onError: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all }),
    meta: { errorTitle: "Calendar feed not changed" },
  });
}

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => ok(api.crm["calendar-feed"].$delete()),
    onSuccess: ({ feed }) => showSaved(queryClient, calendarFeedKeys.all, { feed }),
    onError: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.all }),
    meta: { errorTitle: "Calendar feed not turned off" },
  });
}
