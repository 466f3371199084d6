/** A client's projects, for the Project select of the forms that belong to a client (an invoice, a recurring invoice). */
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "./api";

export const clientProjectsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ["projects", "by-client", clientId] as const,
    queryFn: ({ signal }) => ok(api.crm.projects.$get({ query: { client_id: clientId } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch projects" },
    enabled: clientId !== "",
  });
