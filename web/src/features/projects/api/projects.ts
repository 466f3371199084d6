/** Projects: board query (projects + overview), client options, create/update/stage/delete. Keys start with "projects". */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Project, ProjectInput, ProjectStage, ProjectPatch } from "@contract/project";
import type { CancelProjectInput } from "@contract/credit-note";
import { api, ok } from "@/lib/api";
import { optimisticItemChange } from "@/lib/query-client";

export const projectKeys = {
  all: ["projects"] as const,
  board: () => [...projectKeys.all, "board"] as const,
};

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: projectKeys.board(),
    queryFn: ({ signal }) => ok(api.crm.projects.$get({ query: {} }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch projects" },
  });

/** The instalments of the proposals that started a project (docs/decisions/0063); an "invoices" key, so raises and payments refresh it. */
export const projectInstalmentsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ["invoices", "instalments", "project", projectId] as const,
    queryFn: ({ signal }) => ok(api.crm.instalments.$get({ query: { project_id: projectId } }, { init: { signal } })),
    meta: { errorTitle: false },
  });

/** Active clients for the project form's select (a "clients" key so live client changes refresh it). */
export const projectClientOptionsQuery = () =>
  queryOptions({
    queryKey: ["clients", "options"] as const,
    queryFn: ({ signal }) => ok(api.crm.clients.options.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch clients" },
    staleTime: 60_000,
  });

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectInput) => ok(api.crm.projects.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    meta: { errorTitle: "Failed to add project" },
  });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ProjectPatch }) => ok(api.crm.projects[":id"].$patch({ param: { id }, json: patch })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    meta: { errorTitle: "Failed to update project" },
  });
}

type Board = Awaited<ReturnType<ReturnType<typeof projectsQueryOptions>["queryFn"] & object>>;

const moveKey = [...projectKeys.all, "move"] as const;

export interface ProjectMove {
  project: Project;
  stage: ProjectStage;
}

/** The board with one project in `to` (if it is still in `from`), the Completed count in step. */
function setStage(board: Board, id: string, from: ProjectStage, to: ProjectStage): Board {
  const projects = board.projects.map((p) => (p.id === id && p.stage === from ? { ...p, stage: to } : p));
  const completed = projects.filter((p) => p.stage === "Done").length;
  return { ...board, projects, overview: { ...board.overview, completed } };
}

/**
 * Drag between stages: the card moves at once and, if the save fails, only it moves back; the
 * board refreshes once the last of several quick moves has settled. Each caller's toast needs
 * mutateAsync per move (mutate's own callbacks run only for the latest).
 */
export function useMoveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    ...optimisticItemChange<Board, ProjectMove>(queryClient, {
      mutationKey: moveKey,
      queryKey: projectKeys.board(),
      refresh: projectKeys.all,
      apply: (board, { project, stage }) => setStage(board, project.id, project.stage, stage),
      undo: (board, { project, stage }) => setStage(board, project.id, stage, project.stage),
    }),
    mutationFn: ({ project, stage }: ProjectMove) =>
      ok(api.crm.projects[":id"].$patch({ param: { id: project.id }, json: { stage, updated_at: project.updated_at } })),
    meta: { errorTitle: "Failed to update project stage" },
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.projects[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    meta: { errorTitle: "Failed to delete project" },
  });
}

/** Cancel project: what the project raised, to say what the Terms keep of each (Owner only). */
export const cancellableDocumentsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ["invoices", "cancellable", projectId] as const,
    queryFn: ({ signal }) => ok(api.crm.projects[":id"].cancel.$get({ param: { id: projectId } }, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch what the project raised" },
  });

export function useCancelProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CancelProjectInput }) =>
      ok(api.crm.projects[":id"].cancel.$post({ param: { id }, json: input })),
    // The board, and every invoice list and balance the credits changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["invoices"] }),
      ]),
    meta: { errorTitle: false },
  });
}
