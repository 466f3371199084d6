/** The top bar's global search: up to three hits each of leads, clients, projects and proposals. */
import { useMutation } from "@tanstack/react-query";
import { api, ok } from "@/lib/api";

export type SearchResults = Awaited<ReturnType<typeof runSearch>>;

export const runSearch = (q: string) => ok(api.crm.search.$get({ query: { q } }));

export const searchKeys = {
  all: ["search"] as const,
  hits: (q: string) => [...searchKeys.all, q] as const,
};

/** Enter without a hit chosen: one search whose answer drives one navigation. */
export function useGlobalSearch() {
  return useMutation({ mutationFn: runSearch, meta: { errorTitle: "Search failed" } });
}
