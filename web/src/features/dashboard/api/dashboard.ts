/**
 * The dashboard's one query. Its key starts with "dashboard": web/src/lib/live.ts refreshes it when
 * leads, proposals, invoices, tasks, client feedback or the stage weights change, and the worker
 * inlines its first answer under the same key (contract/crm-boot.ts).
 */
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@/lib/api";

export const dashboardKeys = { all: ["dashboard"] as const };

export const dashboardQueryOptions = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: ({ signal }) => ok(api.crm.dashboard.$get(undefined, { init: { signal } })),
  meta: { errorTitle: "Failed to fetch the dashboard" },
});
