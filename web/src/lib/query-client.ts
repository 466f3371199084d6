/**
 * The CRM's TanStack Query client and its one error path: every failed query or mutation
 * becomes a toast titled with the call's `meta.errorTitle` (SPEC's words, e.g. 'Failed to fetch
 * leads') and described by the worker's envelope message. A 401 means the session ended: the
 * gate's session query is cleared so the sign-in screen comes back instead of a toast storm; while
 * this tab's session is being renewed (RENEWS_SESSION), it is asked again instead.
 */
import {
  matchMutation,
  MutationCache,
  QueryCache,
  QueryClient,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type MutationKey,
  type Query,
  type QueryFilters,
  type QueryKey,
} from "@tanstack/react-query";
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

/**
 * The key of a change whose answer carries this tab's next session: a new password ends every
 * session, this one too, before the answer brings the new one. A read answered 401 in between met
 * the old session's end, not this tab's, so it is asked again once the change is answered.
 */
export const RENEWS_SESSION: MutationKey = ["auth", "renews-session"];

const UNEXPECTED = "An unexpected error occurred";

/**
 * docs/spec.md §8 titles these destructive toasts 'Error' with the words as their description; the
 * worker's reason follows the words. Every other failure is titled with its own words.
 */
const titledError = new Set([
  "Failed to add client",
  "Failed to update client",
  "Failed to fetch clients",
  "Failed to delete client",
  "Failed to add project",
  "Failed to update project",
  "Failed to update project stage",
  "Failed to add proposal",
  "Failed to update proposal",
  "Failed to delete proposal",
  "Failed to accept proposal",
  "Failed to update task",
  "Failed to delete task",
  "Failed to log activity",
  "Failed to fetch client data",
  "Failed to delete some data. Please try again.",
]);

/** The toast for a failure whose words are `words` and whose reason (the worker's message) is `reason`. */
export function errorToast(words: string, reason: string) {
  if (titledError.has(words)) toast.error("Error", { description: `${/[.!?]$/.test(words) ? words : `${words}.`} ${reason}` });
  else toast.error(words, { description: reason });
}

/**
 * The CRM's client: TanStack's, whose every invalidation first lets a list that is loading another
 * page (Load more) have it. An invalidation cancels a fetch in flight and refetches only the pages
 * already shown, so a change landing mid-load (a colleague's over the live socket, the tab's own
 * save, a reconnect) would drop the page the user asked for; once it is in, the refetch brings every
 * page shown up to date. A plain refetch in flight is still cancelled and started again, since its
 * answer may predate the change.
 */
export class CrmQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const loadingMore = this.getQueryCache()
      .findAll({ ...(filters as QueryFilters), fetchStatus: "fetching" })
      .filter((query) => query.state.fetchMeta?.fetchMore);
    if (loadingMore.length === 0) return super.invalidateQueries(filters, options);
    return Promise.all(loadingMore.map((query) => this.fetched(query))).then(() => super.invalidateQueries(filters, options));
  }

  /** Resolves once `query` is no longer fetching. */
  private fetched(query: Query): Promise<void> {
    const cache = this.getQueryCache();
    return new Promise((done) => {
      const unsubscribe = cache.subscribe(() => {
        if (query.state.fetchStatus === "fetching") return;
        unsubscribe();
        done();
      });
    });
  }
}

export function createQueryClient(): QueryClient {
  let askAgain = false;
  const report = (error: unknown, meta: CallMeta | undefined) => {
    if (isApiError(error) && error.status === 401) {
      if (client.isMutating({ mutationKey: RENEWS_SESSION }) > 0) askAgain = true;
      else client.setQueryData(SESSION_QUERY_KEY, null);
      return;
    }
    if (isApiError(error) && error.code === "conflict" && !error.fields) {
      // Someone else saved first: show their copy rather than keep editing a stale one. A 409 that
      // names fields (a duplicate invoice number) is a field error, not a stale copy: nothing to refetch.
      void client.invalidateQueries();
    }
    if (!isApiError(error)) console.error(error);
    if (meta?.errorTitle === false) return;
    errorToast(meta?.errorTitle ?? "Error", isApiError(error) ? error.message : UNEXPECTED);
  };

  const client: QueryClient = new CrmQueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta),
      // The renewal is answered (its cookie is in): the session and what met its end are asked again.
      onSettled: (_data, _error, _vars, _ctx, mutation) => {
        if (!askAgain || !matchMutation({ mutationKey: RENEWS_SESSION }, mutation)) return;
        askAgain = false;
        void client.invalidateQueries();
      },
    }),
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
 * Puts a save's answer in the cache. A read already on its way (the refresh of a page's inline
 * data when the live socket opens, a refetch on focus) began before the save, and its older answer
 * would land after this one and put the old state back on screen: it is cancelled first.
 */
export async function showSaved<TData>(queryClient: QueryClient, queryKey: QueryKey, data: TData): Promise<void> {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, data);
}

/**
 * Refreshes `queryKey` once the last of the `mutationKey` changes in flight settles (it still
 * counts itself). Refetching while another optimistic change is saving would bring back the
 * server's copy without it and undo it on screen (docs/decisions/0049-no-silent-lost-updates.md).
 */
export function refreshWhenLastSettles(queryClient: QueryClient, mutationKey: QueryKey, queryKey: QueryKey) {
  if (queryClient.isMutating({ mutationKey }) <= 1) void queryClient.invalidateQueries({ queryKey });
}

/** An optimistic change to one item (a task's tick, a card's column) shown in one cached query. */
export interface OptimisticItemChange<TData, TVariables> {
  /** The changes that must not undo one another on screen; counted by refreshWhenLastSettles. */
  mutationKey: QueryKey;
  /** The cached query (a list, a board) that shows the change at once. */
  queryKey: QueryKey;
  /** What to refetch once the last change of `mutationKey` has settled. */
  refresh: QueryKey;
  /** The cached data with this change made. */
  apply: (data: TData, variables: TVariables) => TData;
  /** The cached data with only this change taken back: others made since it began stay. */
  undo: (data: TData, variables: TVariables) => TData;
}

/**
 * The mutation options (spread them into useMutation) for an optimistic change of one item: it
 * shows in the cached query at once; if its save fails only this item goes back (a snapshot of the
 * whole query would also undo any change made meanwhile); and the query is refreshed only when the
 * last change of the same key settles (docs/decisions/0049-no-silent-lost-updates.md). The options' callbacks run for every call, but
 * `mutate(vars, { onSuccess })` ones only for the latest: callers that report each call (a toast
 * per move) use `mutateAsync` per call.
 */
export function optimisticItemChange<TData, TVariables>(queryClient: QueryClient, change: OptimisticItemChange<TData, TVariables>) {
  const update = (step: (data: TData, variables: TVariables) => TData, variables: TVariables) =>
    queryClient.setQueryData<TData>(change.queryKey, (data) => (data === undefined ? data : step(data, variables)));
  return {
    mutationKey: change.mutationKey,
    onMutate: async (variables: TVariables) => {
      // A fetch already on its way would land without this change and undo it on screen.
      await queryClient.cancelQueries({ queryKey: change.queryKey });
      update(change.apply, variables);
    },
    onError: (_error: unknown, variables: TVariables) => {
      update(change.undo, variables);
    },
    onSettled: () => refreshWhenLastSettles(queryClient, change.mutationKey, change.refresh),
  };
}
