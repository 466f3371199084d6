/** The calls booked on the site (docs/decisions/0069-booking-calls.md): the lists, how one went, and calling one off. Keys start with "calls". */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CallOutcomeInput } from "@contract/call";
import { api, ok } from "@/lib/api";
import { invalidateEntity } from "@/lib/live";

export type CallsWhen = "upcoming" | "past";

export const callsQueryOptions = (when: CallsWhen) =>
  queryOptions({
    queryKey: ["calls", "list", when] as const,
    queryFn: ({ signal }) => ok(api.crm.calls.$get({ query: { when } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch calls" },
  });

export function useCallOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CallOutcomeInput }) => ok(api.crm.calls[":id"].$patch({ param: { id }, json: input })),
    onSuccess: () => invalidateEntity(queryClient, ["calls", "activities"]),
    meta: { errorTitle: "Failed to save how the call went" },
  });
}

export function useCancelCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, updated_at }: { id: string; updated_at: string }) =>
      ok(api.crm.calls[":id"].cancel.$post({ param: { id }, json: { updated_at } })),
    onSuccess: () => invalidateEntity(queryClient, ["calls", "activities"]),
    meta: { errorTitle: "Failed to cancel the call" },
  });
}
