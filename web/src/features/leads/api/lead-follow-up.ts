/**
 * What a lead's Timeline logs and offers next: an Activity Feed entry for the lead, and its open
 * tasks to tick off. Through the same endpoints as the feed and the Tasks page, with keys that start
 * with "activities" and "tasks", so live updates and those screens stay in step.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoggableActivityType } from "@contract/activity";
import type { Task } from "@contract/task";
import { api, ok } from "@/lib/api";
import { invalidateEntity } from "@/lib/live";

export function useLogLeadActivity(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // who_username left empty: the entry is the signed-in person's.
    mutationFn: ({ type, summary }: { type: LoggableActivityType; summary: string }) =>
      ok(api.crm.activities.$post({ json: { type, summary, related_type: "lead", related_id: leadId, who_username: null } })),
    onSuccess: () => invalidateEntity(queryClient, "activities"),
    meta: { errorTitle: "Failed to add activity" },
  });
}

/** The lead's tasks not yet done, soonest due first (the server's order). */
export const leadOpenTasksQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: ["tasks", "list"] as const,
    queryFn: ({ signal }) => ok(api.crm.tasks.$get({}, { init: { signal } })),
    select: (data: { tasks: Task[] }) => data.tasks.filter((t) => t.related_type === "lead" && t.related_id === leadId),
    meta: { errorTitle: false },
  });

export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) =>
      ok(api.crm.tasks[":id"].$patch({ param: { id: task.id }, json: { completed: true, updated_at: task.updated_at } })),
    onSuccess: () => invalidateEntity(queryClient, "tasks"),
    meta: { errorTitle: "Failed to update task" },
  });
}
