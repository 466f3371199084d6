/**
 * Leads: query keys, query options and mutations. Components never call fetch.
 * Keys start with "leads" / "lead_activities" / "users" so live updates (lib/live.ts) invalidate them.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { refreshWhenLastSettles } from "../../../lib/query-client";
import type { Lead, LeadInput, LeadPatch, LeadStatus, WorkflowAction } from "../../../../../contract/lead";
import type { projectTypes } from "../../../../../contract/project";
import { api, ok } from "../../../lib/api";

export interface LeadFilters {
  q?: string;
  status?: LeadStatus;
}

export const BOARD_PER_COLUMN = 50;
export const LIST_PAGE = 100;

export const leadKeys = {
  all: ["leads"] as const,
  list: (filters: LeadFilters) => [...leadKeys.all, "list", filters] as const,
  board: () => [...leadKeys.all, "board"] as const,
  column: (status: LeadStatus) => [...leadKeys.all, "column", status] as const,
  detail: (id: string) => [...leadKeys.all, "detail", id] as const,
  activities: (id: string) => ["lead_activities", id] as const,
};

const listLeads = (filters: LeadFilters & { limit?: number; offset?: number }, signal?: AbortSignal) =>
  ok(
    api.crm.leads.$get(
      {
        query: {
          q: filters.q || undefined,
          status: filters.status,
          limit: String(filters.limit ?? LIST_PAGE),
          offset: String(filters.offset ?? 0),
        },
      },
      { init: { signal } },
    ),
  );

export type LeadPage = Awaited<ReturnType<typeof listLeads>>;

/** The Leads table: pages of LIST_PAGE rows, fetched as the virtual list nears the end. */
export const leadsInfiniteOptions = (filters: LeadFilters) => ({
  queryKey: leadKeys.list(filters),
  queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) => listLeads({ ...filters, offset: pageParam }, signal),
  initialPageParam: 0,
  getNextPageParam: (last: LeadPage, pages: LeadPage[]) => {
    const loaded = pages.reduce((n, p) => n + p.leads.length, 0);
    return loaded < last.total ? loaded : undefined;
  },
  meta: { errorTitle: "Failed to fetch leads" },
});

/** Simple first page (kept for callers that need a flat list). */
export const leadsQueryOptions = (filters: LeadFilters = {}) =>
  queryOptions({
    queryKey: [...leadKeys.list(filters), "flat"],
    queryFn: ({ signal }) => listLeads(filters, signal),
    meta: { errorTitle: "Failed to fetch leads" },
  });

export const leadBoardQueryOptions = () =>
  queryOptions({
    queryKey: leadKeys.board(),
    queryFn: ({ signal }) => ok(api.crm.leads.board.$get({ query: { per_column: String(BOARD_PER_COLUMN) } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch leads" },
  });
export type LeadBoard = Awaited<ReturnType<NonNullable<ReturnType<typeof leadBoardQueryOptions>["queryFn"]>>>;

/** One more page of a board column ('Show more'). */
export const fetchColumnPage = (status: LeadStatus, offset: number) => listLeads({ status, offset, limit: BOARD_PER_COLUMN });

export const leadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => ok(api.crm.leads[":id"].$get({ param: { id } }, { init: { signal } })).then((r) => r.lead),
    meta: { errorTitle: "Failed to fetch leads" },
  });

export const leadActivitiesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: leadKeys.activities(id),
    queryFn: ({ signal }) =>
      ok(api.crm.leads[":id"].activities.$get({ param: { id } }, { init: { signal } })).then((r) =>
        [...r.activities].sort((a, b) => b.created_at.localeCompare(a.created_at)),
      ),
    meta: { errorTitle: false },
  });

/** Staff names for 'Added By' and timeline stamps (null → 'System'). */
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "names"],
    queryFn: ({ signal }) =>
      ok(api.crm.users.$get({}, { init: { signal } })).then(
        (r) => Object.fromEntries(r.users.map((u) => [u.id, u.full_name])) as Record<string, string>,
      ),
    staleTime: 5 * 60_000,
    meta: { errorTitle: false },
  });

export const personName = (names: Record<string, string> | undefined, id: string | null) => (id ? (names?.[id] ?? "—") : "System");

const refreshLeads = (qc: QueryClient) => qc.invalidateQueries({ queryKey: leadKeys.all });

/** Lead changes the board shows optimistically: only the last to settle refreshes the leads. */
const leadChangeKey = ["leads", "change"] as const;
const refreshLeadsWhenLast = (qc: QueryClient) => refreshWhenLastSettles(qc, leadChangeKey, leadKeys.all);

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeadInput) => ok(api.crm.leads.$post({ json: input })),
    onSuccess: () => refreshLeads(queryClient),
    meta: { errorTitle: "Failed to add lead" },
  });
}

export function useUpdateLead(errorTitle: string | false = "Failed to update lead") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leadChangeKey,
    mutationFn: ({ id, patch }: { id: string; patch: LeadPatch }) =>
      ok(api.crm.leads[":id"].$patch({ param: { id }, json: patch })).then((r) => r.lead),
    onSuccess: (lead) => {
      queryClient.setQueryData(leadKeys.detail(lead.id), lead);
      void queryClient.invalidateQueries({ queryKey: leadKeys.activities(lead.id) });
    },
    onSettled: () => refreshLeadsWhenLast(queryClient),
    meta: { errorTitle },
  });
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.leads[":id"].$delete({ param: { id } })),
    onSuccess: () => refreshLeads(queryClient),
    meta: { errorTitle: "Failed to delete lead" },
  });
}

export function useAddLeadNote(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => ok(api.crm.leads[":id"].activities.$post({ param: { id: leadId }, json: { description } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.activities(leadId) }),
    meta: { errorTitle: "Failed to add activity" },
  });
}

export type ProjectType = (typeof projectTypes)[number];

export interface ActionRequest {
  id: string;
  action: WorkflowAction;
  project_type?: ProjectType;
  updated_at?: string;
}

/** One workflow action = one server call. Callers choose the error toast (meta false) because the words differ per screen. */
export function useLeadAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leadChangeKey,
    mutationFn: ({ id, ...body }: ActionRequest) => ok(api.crm.leads[":id"].actions.$post({ param: { id }, json: body })),
    onSettled: () => {
      refreshLeadsWhenLast(queryClient);
      for (const key of [["lead_activities"], ["projects"], ["clients"], ["tasks"], ["proposals"]])
        void queryClient.invalidateQueries({ queryKey: key });
    },
    meta: { errorTitle: false },
  });
}

export type { Lead };
