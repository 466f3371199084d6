/** Projects: board query (projects + overview), client options, create/update/stage/delete. Keys start with "projects". */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Project, ProjectInput, ProjectStage, ProjectStatus } from "../../../../../contract/project";
import { api, ok } from "../../../lib/api";

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

/** Active clients for the project form's select (a "clients" key so live client changes refresh it). */
export const projectClientOptionsQuery = () =>
  queryOptions({
    queryKey: ["clients", "options"] as const,
    queryFn: ({ signal }) => ok(api.crm.clients.options.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch clients" },
    staleTime: 60_000,
  });

export interface ProjectPatchBody {
  title?: string;
  type?: Project["type"];
  client_id?: string | null;
  budget?: number | null;
  start_date?: string | null;
  due_date?: string | null;
  stage?: ProjectStage;
  status?: ProjectStatus;
  notes?: string | null;
  updated_at: string;
}

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
    mutationFn: ({ id, patch }: { id: string; patch: ProjectPatchBody }) =>
      ok(api.crm.projects[":id"].$patch({ param: { id }, json: patch })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    meta: { errorTitle: "Failed to update project" },
  });
}

type Board = Awaited<ReturnType<ReturnType<typeof projectsQueryOptions>["queryFn"] & object>>;

/** Drag between stages: the card moves at once and moves back if the save fails. */
export function useMoveProject() {
  const queryClient = useQueryClient();
  const key = projectKeys.board();
  return useMutation({
    mutationFn: ({ project, stage }: { project: Project; stage: ProjectStage }) =>
      ok(api.crm.projects[":id"].$patch({ param: { id: project.id }, json: { stage, updated_at: project.updated_at } })),
    onMutate: async ({ project, stage }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Board>(key);
      if (previous) {
        const projects = previous.projects.map((p) => (p.id === project.id ? { ...p, stage } : p));
        const completed = projects.filter((p) => p.stage === "Done").length;
        queryClient.setQueryData<Board>(key, { ...previous, projects, overview: { ...previous.overview, completed } });
      }
      return { previous };
    },
    onError: (_e, _v, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
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
