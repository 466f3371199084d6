/** The daily digest: your own switch, and (for the Owner) the digests the e-mail binding refused, with a resend. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/lib/api";
import { showSaved } from "@/lib/query-client";

export const digestKeys = {
  preference: () => ["digests", "preference"] as const,
  failed: () => ["digests", "failed"] as const,
};

export const digestPreferenceQueryOptions = () =>
  queryOptions({
    queryKey: digestKeys.preference(),
    queryFn: ({ signal }) => ok(api.crm.digests.preference.$get(undefined, { init: { signal } })),
    select: (data) => data.daily_digest,
    meta: { errorTitle: "Failed to load your digest setting" },
  });

export function useSetDigestPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => ok(api.crm.digests.preference.$put({ json: { daily_digest: on } })),
    onSuccess: (data) => showSaved(queryClient, digestKeys.preference(), data),
    meta: { errorTitle: "Digest setting not saved" },
  });
}

export const failedDigestsQueryOptions = () =>
  queryOptions({
    queryKey: digestKeys.failed(),
    queryFn: ({ signal }) => ok(api.crm.digests.failed.$get(undefined, { init: { signal } })),
    select: (data) => data.digests,
    // A missing notice is not worth a toast.
    meta: { errorTitle: false },
  });

export function useResendDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.digests[":id"].resend.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: digestKeys.failed() }),
    meta: { errorTitle: "Failed to resend the digest" },
  });
}
