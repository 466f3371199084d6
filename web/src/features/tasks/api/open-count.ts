/** How many tasks are still open: the sidebar's red dot. Live task events invalidate ["tasks", ...]. */
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@/lib/api";

export const openTaskCountQueryOptions = queryOptions({
  queryKey: ["tasks", "open-count"] as const,
  queryFn: ({ signal }) => ok(api.crm.tasks["open-count"].$get(undefined, { init: { signal } })),
  select: (data) => data.open,
  // A missing dot is not worth a toast.
  meta: { errorTitle: false },
});
