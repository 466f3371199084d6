/** The top bar's global search: up to three hits each of leads, clients, projects and proposals. */
import { useMutation } from "@tanstack/react-query";
import { api, ok } from "@/lib/api";

export type SearchResults = Awaited<ReturnType<typeof runSearch>>;

const runSearch = (q: string) => ok(api.crm.search.$get({ query: { q } }));

/** A mutation, not a query: a search runs when submitted, and its answer drives one navigation. */
export function useGlobalSearch() {
  return useMutation({ mutationFn: runSearch, meta: { errorTitle: "Search failed" } });
}
