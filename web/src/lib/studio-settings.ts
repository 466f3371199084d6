/**
 * The studio's details (Settings → Studio Details): read by the settings form, the invoice dialog
 * and printout (payment terms, bank details) and the proposal dialog (default terms). One query,
 * so each reads the same cached copy.
 */
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@/lib/api";

export const studioSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["settings", "studio"] as const,
    queryFn: ({ signal }) => ok(api.crm.settings.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch settings" },
  });
