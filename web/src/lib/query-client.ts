/**
 * The CRM's TanStack Query client and its one error path: every failed query or mutation
 * becomes a toast titled with the call's `meta.errorTitle` (SPEC's words, e.g. 'Failed to fetch
 * leads') and described by the worker's envelope message. A 401 means the session ended: the
 * gate's session query is cleared so the sign-in screen comes back instead of a toast storm.
 */
import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { isApiError } from "./api";
import { toast } from "./toast";

export interface CallMeta extends Record<string, unknown> {
  /** Toast title on failure; `false` when the caller shows the error itself (or SPEC says log only). */
  errorTitle?: string | false;
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

/** The signed-in user (GET /api/auth/me): null when signed out. Owned here so the 401 path can reset it. */
export const SESSION_QUERY_KEY: QueryKey = ["auth", "me"];

const UNEXPECTED = "An unexpected error occurred";

export function createQueryClient(): QueryClient {
  const report = (error: unknown, meta: CallMeta | undefined) => {
    if (isApiError(error) && error.status === 401) {
      client.setQueryData(SESSION_QUERY_KEY, null);
      return;
    }
    if (isApiError(error) && error.code === "conflict") {
      // Someone else saved first: show their copy rather than keep editing a stale one.
      void client.invalidateQueries();
    }
    if (!isApiError(error)) console.error(error);
    if (meta?.errorTitle === false) return;
    toast.error(meta?.errorTitle ?? "Error", { description: isApiError(error) ? error.message : UNEXPECTED });
  };

  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will answer the same again; only network and server failures are worth retrying.
        retry: (count, error) => count < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * Refreshes `queryKey` once the last of the `mutationKey` changes in flight settles (it still
 * counts itself). Refetching while another optimistic change is saving would bring back the
 * server's copy without it and undo it on screen (issue 6).
 */
export function refreshWhenLastSettles(queryClient: QueryClient, mutationKey: QueryKey, queryKey: QueryKey) {
  if (queryClient.isMutating({ mutationKey }) <= 1) void queryClient.invalidateQueries({ queryKey });
}
