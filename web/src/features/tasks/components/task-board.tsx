/** 'To Do (n)' and 'Completed (n)': checkbox toggle, priority badge, assignee, due date, notes, edit, delete. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { Pencil, Trash2 } from "lucide-react";
import type { TaskListItem } from "@contract/task";
import { relatedTypeLabels, type TaskPriority } from "@contract/task-values";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { firstScreenOf, useDrawnInFull } from "@/lib/first-screen";
import { formatDate, todayInLondon } from "@/lib/format";
import { relatedHref } from "@/lib/related-href";
import { toast } from "@/lib/toast";
import { taskUsersQueryOptions, tasksQueryOptions, useDeleteTask, useToggleTask } from "@/features/tasks/api/tasks";

/** The form (react-hook-form, zod, Radix) loads when a task is first edited, not with the board. */
const TaskDialog = lazyDialog(() => import("./task-dialog").then((m) => m.TaskDialog));

const priorityTone: Record<TaskPriority, BadgeTone> = { Low: "slate", Med: "amber", High: "red" };

/** An open task due before today (London) is overdue; one due today says so. */
function dueState(task: TaskListItem, today: string): "Overdue" | "Today" | null {
  if (task.completed || !task.due_date) return null;
  return task.due_date < today ? "Overdue" : task.due_date === today ? "Today" : null;
}

function TaskItem({
  task,
  assignee,
  today,
  onToggle,
  onEdit,
  onDelete,
}: {
  task: TaskListItem;
  assignee?: string;
  today: string;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const due = dueState(task, today);
  return (
    <li className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="task-item">
      <input
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-brick-600"
        checked={task.completed}
        aria-label={`Completed: ${task.title}`}
        onChange={onToggle}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className={cn("font-medium wrap-anywhere", task.completed && "text-slate-500 line-through")}>{task.title}</p>
          <Badge tone={priorityTone[task.priority]}>{task.priority}</Badge>
          {due && <Badge tone={due === "Overdue" ? "red" : "amber"}>{due}</Badge>}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {assignee ?? "Unassigned"}
          {task.due_date && <> · Due {formatDate(task.due_date)}</>}
          {task.due_date && task.due_time && (
            <>
              {" "}
              at {task.due_time} ({task.minutes} min)
            </>
          )}
        </p>
        {task.related_type && task.related_id && (
          <p className="mt-1 text-sm text-slate-600">
            For {relatedTypeLabels[task.related_type].toLowerCase()}:{" "}
            {task.related_name === null ? (
              "deleted"
            ) : (
              <Link
                to={relatedHref(task.related_type, task.related_id, task.related_name)}
                className="font-medium text-brick-700 underline"
              >
                {task.related_name}
              </Link>
            )}
          </p>
        )}
        {task.notes && <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere text-slate-600">{task.notes}</p>}
      </div>
      <div className="flex shrink-0 items-start gap-1">
        <Button variant="ghost" size="sm" aria-label={`Edit ${task.title}`} onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Delete ${task.title}`} onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** `mineOnly`: only the tasks assigned to `userId`, the Mine filter. */
export function TaskBoard({ userId, mineOnly = false }: { userId?: string; mineOnly?: boolean }) {
  const { data, isPending, isError, refetch } = useQuery(tasksQueryOptions());
  const users = useQuery(taskUsersQueryOptions());
  const del = useDeleteTask();
  // One for the whole list: a mutation observer per task cost more than the task's own markup.
  const toggle = useToggleTask();
  const [editing, setEditing] = useState<TaskListItem | null>(null);
  const [deleting, setDeleting] = useState<TaskListItem | null>(null);
  // A studio's list grows by the thousand: the first screen first (lib/first-screen.ts).
  const full = useDrawnInFull(data !== undefined);

  if (isPending)
    return (
      <div className="grid gap-6 md:grid-cols-2" aria-busy="true" aria-label="Loading tasks">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    );
  if (isError)
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        Could not load tasks.{" "}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  const names = new Map(users.data?.users.map((u) => [u.id, u.full_name]));
  const today = todayInLondon();
  const shown = mineOnly ? data.tasks.filter((t) => t.assignee_username === userId) : data.tasks;
  const todo = shown.filter((t) => !t.completed);
  const done = shown.filter((t) => t.completed);
  const column = (title: string, list: TaskListItem[], empty: string) => (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {firstScreenOf(list, full).map((t) => (
            <TaskItem
              key={t.id}
              task={t}
              assignee={t.assignee_username ? names.get(t.assignee_username) : undefined}
              today={today}
              onToggle={() => toggle.mutate(t)}
              onEdit={() => setEditing(t)}
              onDelete={() => setDeleting(t)}
            />
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2">
        {column(`To Do (${todo.length})`, todo, mineOnly ? "Nothing assigned to you." : "Nothing to do.")}
        {column(`Completed (${done.length})`, done, "No completed tasks yet.")}
      </div>
      {editing && (
        <TaskDialog
          key={editing.id}
          task={data.tasks.find((t) => t.id === editing.id) ?? editing}
          open
          onOpenChange={(o) => !o && setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete task"
        description={`Are you sure you want to delete "${deleting?.title ?? ""}"?`}
        onConfirm={() => del.mutateAsync(deleting!.id).then(() => toast.success("Task deleted successfully"))}
      />
    </>
  );
}
