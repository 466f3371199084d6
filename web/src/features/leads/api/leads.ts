/** Leads: query keys, list options and the create mutation. Components never call fetch. */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { LeadInput, LeadStatus } from "../../../../../contract/lead";
import { api, ok } from "../../../lib/api";

export interface LeadFilters {
  q?: string;
  status?: LeadStatus;
}

export const leadKeys = {
  all: ["leads"] as const,
  list: (filters: LeadFilters) => [...leadKeys.all, "list", filters] as const,
};

export const leadsQueryOptions = (filters: LeadFilters = {}) =>
  queryOptions({
    queryKey: leadKeys.list(filters),
    queryFn: ({ signal }) => ok(api.crm.leads.$get({ query: { q: filters.q || undefined, status: filters.status } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch leads" },
  });

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeadInput) => ok(api.crm.leads.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
    meta: { errorTitle: "Failed to add lead" },
  });
}
