/**
 * Website enquiries whose notification e-mail failed, and the resend. The key starts with
 * "leads": every form submission broadcasts a lead event, so a new failure shows up live.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/lib/api";

export const failedNotificationKeys = { list: () => ["leads", "failed-notifications"] as const };

export const failedNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: failedNotificationKeys.list(),
    queryFn: ({ signal }) => ok(api.crm["form-submissions"].failed.$get(undefined, { init: { signal } })),
    select: (data) => data.notifications,
    // A missing banner is not worth a toast; the leads table reports its own failure.
    meta: { errorTitle: false },
  });

export function useRetryNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm["form-submissions"][":id"]["retry-email"].$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedNotificationKeys.list() }),
    meta: { errorTitle: "Failed to resend notification" },
  });
}
