/** Tasks: list (due date order, undated last — the server's), users for the assignee, CRUD. Keys start with "tasks". */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { optimisticItemChange } from "@/lib/query-client";
import type { Task, TaskInput, TaskPatch } from "@contract/task";
import { api, ok } from "@/lib/api";

export const taskKeys = {
  all: ["tasks"] as const,
  list: () => [...taskKeys.all, "list"] as const,
};

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: taskKeys.list(),
    queryFn: ({ signal }) => ok(api.crm.tasks.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch tasks" },
  });

export const taskUsersQueryOptions = () =>
  queryOptions({
    queryKey: ["users", "list"] as const,
    queryFn: ({ signal }) => ok(api.crm.users.$get({}, { init: { signal } })),
    meta: { errorTitle: "Failed to fetch users" },
    staleTime: 5 * 60_000,
  });

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TaskInput) => ok(api.crm.tasks.$post({ json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    meta: { errorTitle: "Failed to add task" },
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TaskPatch }) => ok(api.crm.tasks[":id"].$patch({ param: { id }, json: patch })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    meta: { errorTitle: "Failed to update task" },
  });
}

type TaskList = { tasks: Task[] };

const toggleKey = ["tasks", "toggle"] as const;

/** The list with one task ticked or unticked; the others as they are. */
const setCompleted = (list: TaskList, id: string, completed: boolean): TaskList => ({
  tasks: list.tasks.map((t) => (t.id === id ? { ...t, completed } : t)),
});

/** The checkbox: ticks at once, unticks again if the save fails; two quick ticks both stay. */
export function useToggleTask() {
  const queryClient = useQueryClient();
  return useMutation({
    ...optimisticItemChange<TaskList, Task>(queryClient, {
      mutationKey: toggleKey,
      queryKey: taskKeys.list(),
      refresh: taskKeys.all,
      apply: (list, task) => setCompleted(list, task.id, !task.completed),
      undo: (list, task) => setCompleted(list, task.id, task.completed),
    }),
    mutationFn: (task: Task) =>
      ok(api.crm.tasks[":id"].$patch({ param: { id: task.id }, json: { completed: !task.completed, updated_at: task.updated_at } })),
    meta: { errorTitle: "Failed to update task" },
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ok(api.crm.tasks[":id"].$delete({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    meta: { errorTitle: "Failed to delete task" },
  });
}
