/**
 * Leads: query keys, query options and mutations. Components never call fetch.
 * Keys start with "leads" / "lead_activities" / "users" so live updates (lib/live.ts) invalidate them.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { optimisticItemChange, refreshWhenLastSettles } from "@/lib/query-client";
import type { Lead, LeadInput, LeadPatch, LeadSort, LeadStatus, WorkflowAction } from "@contract/lead";
import type { projectTypes } from "@contract/project";
import { api, ok } from "@/lib/api";
import { invalidateEntity } from "@/lib/live";
import { moveInBoard } from "./board-moves";

export interface LeadFilters {
  q?: string;
  status?: LeadStatus;
  follow_up?: "due";
  sort?: LeadSort;
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
          follow_up: filters.follow_up,
          sort: filters.sort,
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

const fetchBoard = (signal?: AbortSignal) =>
  ok(api.crm.leads.board.$get({ query: { per_column: String(BOARD_PER_COLUMN) } }, { init: { signal } }));
export type LeadBoard = Awaited<ReturnType<typeof fetchBoard>>;

/** The most a single request of the leads list returns (contract/lead.ts). */
const LIST_MAX = 500;

/**
 * The board: each column's first BOARD_PER_COLUMN cards, with its count and sum. A column paged
 * with 'Show more' keeps its cards when the board refetches (a colleague's change arriving live,
 * a move settling): the refetch asks again for as many as the column showed, rather than leaving
 * the user back at the first page, scrolled away from the card they were reading.
 */
export const leadBoardQueryOptions = () =>
  queryOptions({
    queryKey: leadKeys.board(),
    queryFn: async ({ signal, client }) => {
      const shown = client.getQueryData<LeadBoard>(leadKeys.board());
      const board = await fetchBoard(signal);
      const columns = await Promise.all(
        board.columns.map(async (column) => {
          const wanted = Math.min(shown?.columns.find((c) => c.status === column.status)?.leads.length ?? 0, column.count);
          if (wanted <= column.leads.length) return column;
          const pages = [];
          for (let offset = column.leads.length; offset < wanted; offset += LIST_MAX)
            pages.push(listLeads({ status: column.status, offset, limit: Math.min(LIST_MAX, wanted - offset) }, signal));
          return { ...column, leads: withoutRepeats([...column.leads, ...(await Promise.all(pages)).flatMap((p) => p.leads)]) };
        }),
      );
      return { ...board, columns };
    },
    meta: { errorTitle: "Failed to fetch leads" },
  });

/** Pages read by offset repeat a lead when one is added between them: keep its first place. */
const withoutRepeats = (leads: Lead[]) => {
  const seen = new Set<string>();
  return leads.filter((l) => !seen.has(l.id) && seen.add(l.id));
};

/**
 * 'Show more': a board column's next page joins the board's data. A refetch already under way
 * started from the shorter column and would drop this page, so it is restarted from this one.
 */
export async function showMoreOfColumn(queryClient: QueryClient, status: LeadStatus, offset: number): Promise<void> {
  const page = await listLeads({ status, offset, limit: BOARD_PER_COLUMN });
  const refetching = queryClient.isFetching({ queryKey: leadKeys.board() }) > 0;
  queryClient.setQueryData<LeadBoard>(
    leadKeys.board(),
    (b) =>
      b && {
        ...b,
        columns: b.columns.map((c) => (c.status === status ? { ...c, leads: withoutRepeats([...c.leads, ...page.leads]) } : c)),
      },
  );
  if (refetching) void queryClient.invalidateQueries({ queryKey: leadKeys.board() });
}

export const leadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => ok(api.crm.leads[":id"].$get({ param: { id } }, { init: { signal } })).then((r) => r.lead),
    meta: { errorTitle: "Failed to fetch leads" },
  });

export const leadActivitiesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: leadKeys.activities(id),
    queryFn: ({ signal }) => ok(api.crm.leads[":id"].activities.$get({ param: { id } }, { init: { signal } })),
    meta: { errorTitle: false },
  });

/**
 * The lead's projects, newest first: Start Project opens the one a won deal has. Keyed under
 * "projects", so whatever refreshes projects (a workflow action, a live change) refreshes these.
 */
export const leadProjectsQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: ["projects", "lead", leadId] as const,
    queryFn: ({ signal }) => ok(api.crm.projects.$get({ query: { lead_id: leadId } }, { init: { signal } })).then((r) => r.projects),
    meta: { errorTitle: false },
  });

type UserList = Awaited<ReturnType<typeof listUsers>>;
const listUsers = (signal: AbortSignal) => ok(api.crm.users.$get({}, { init: { signal } }));
const namesOf = (r: UserList) => Object.fromEntries(r.users.map((u) => [u.id, u.full_name])) as Record<string, string>;

/**
 * Staff names for 'Added By' and timeline stamps (null → 'System'). The cache holds the API's
 * answer as it is and `select` derives the names: the worker can then inline it (contract/crm-boot.ts).
 */
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "names"],
    queryFn: ({ signal }) => listUsers(signal),
    select: namesOf,
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

export type ProjectType = (typeof projectTypes)[number];

export interface ActionRequest {
  id: string;
  action: WorkflowAction;
  project_type?: ProjectType;
  /** Start Project on a lead that already has one: asked for on purpose. */
  another?: boolean;
  updated_at?: string;
}

const runAction = ({ id, ...body }: ActionRequest) => ok(api.crm.leads[":id"].actions.$post({ param: { id }, json: body }));
type ActionResult = Awaited<ReturnType<typeof runAction>>;

/** One workflow action = one server call. Callers choose the error toast (meta false) because the words differ per screen. */
export function useLeadAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: leadChangeKey,
    mutationFn: runAction,
    onSuccess: (result) => refreshAfterAction(queryClient, result),
    onSettled: () => refreshLeadsWhenLast(queryClient),
    meta: { errorTitle: false },
  });
}

/**
 * What a workflow action changed besides the leads (which wait for the last lead change to
 * settle): the lead's timeline and the screens showing it, and whatever it created (a client, a
 * project, a task, a proposal): the same entities the worker announces on the live channel.
 */
function refreshAfterAction(queryClient: QueryClient, result: ActionResult) {
  void invalidateEntity(queryClient, ["leads", ...result.created.map((c) => c.entity)], { except: ["leads"] });
}

export interface LeadMove {
  lead: Lead;
  to: LeadStatus;
}

/**
 * A pipeline drag: the card moves at once and, if the save fails, only it moves back (another
 * move made meanwhile stays); the leads refresh once the last lead change settles. Won converts
 * the lead into a project (won_to_project), any other column is a status change. Callers word
 * the toasts (meta false) and need mutateAsync per move for them.
 */
export function useMoveLead() {
  const queryClient = useQueryClient();
  return useMutation({
    ...optimisticItemChange<LeadBoard, LeadMove>(queryClient, {
      mutationKey: leadChangeKey,
      queryKey: leadKeys.board(),
      refresh: leadKeys.all,
      apply: (board, { lead, to }) => moveInBoard(board, lead, to),
      // Only while the card is still where this move put it: a later move of it stays.
      undo: (board, { lead, to }) =>
        board.columns.some((c) => c.status === to && c.leads.some((l) => l.id === lead.id))
          ? moveInBoard(board, { ...lead, status: to }, lead.status)
          : board,
    }),
    mutationFn: async ({ lead, to }: LeadMove): Promise<{ lead: Lead; action?: ActionResult }> => {
      if (to === "Won") {
        const action = await runAction({ id: lead.id, action: "won_to_project", updated_at: lead.updated_at });
        return { lead: action.lead, action };
      }
      const saved = await ok(api.crm.leads[":id"].$patch({ param: { id: lead.id }, json: { status: to, updated_at: lead.updated_at } }));
      return { lead: saved.lead };
    },
    onSuccess: ({ lead, action }) => {
      if (action) {
        refreshAfterAction(queryClient, action);
        return;
      }
      queryClient.setQueryData(leadKeys.detail(lead.id), lead);
      void queryClient.invalidateQueries({ queryKey: leadKeys.activities(lead.id) });
    },
    meta: { errorTitle: false },
  });
}

export type { Lead };
