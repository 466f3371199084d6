/** One filed message, as an Email entry on a timeline opens it (GET /api/crm/mail/:id). */
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@/lib/api";

export const mailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["mail", "message", id] as const,
    queryFn: ({ signal }) => ok(api.crm.mail[":id"].$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch the e-mail" },
    staleTime: 60_000,
  });
