/** Add New Task / Edit Task: title, assignee (from the users), priority (default Med), due date, notes. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { taskPriorities, type Task, type TaskPriority } from "../../../../../contract/task";
import { Button } from "../../../components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "../../../components/ui/dialog";
import { Field, Input } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/select-native";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../lib/toast";
import { taskUsersQueryOptions, useCreateTask, useUpdateTask } from "../api/tasks";

export function TaskDialog({ task, open, onOpenChange }: { task?: Task; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const users = useQuery({ ...taskUsersQueryOptions(), enabled: open });
  const initial = {
    title: task?.title ?? "",
    assignee_username: task?.assignee_username ?? "",
    priority: task?.priority ?? "Med",
    due_date: task?.due_date ?? "",
    notes: task?.notes ?? "",
  };
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [k]: e.target.value }));
  const busy = create.isPending || update.isPending;

  const submit = () => {
    if (!v.title.trim()) return setErrors({ title: "Title is required" });
    setErrors({});
    const body = {
      title: v.title.trim(),
      assignee_username: v.assignee_username || null,
      priority: v.priority as TaskPriority,
      due_date: v.due_date || null,
      notes: v.notes.trim() || null,
    };
    const onError = (e: unknown) => {
      const fields = (e as { fields?: Record<string, string> }).fields;
      if (fields) setErrors(fields);
    };
    if (task)
      update.mutate(
        { id: task.id, patch: { ...body, updated_at: task.updated_at } },
        {
          onSuccess: () => {
            toast.success("Task updated successfully");
            onOpenChange(false);
          },
          onError,
        },
      );
    else
      create.mutate(body, {
        onSuccess: () => {
          toast.success("Task added successfully");
          setV(initial);
          onOpenChange(false);
        },
        onError,
      });
  };

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title={task ? "Edit Task" : "Add New Task"} description={task ? "Update the task." : "A task for someone in the team."}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label="Title" error={errors.title} required>
            {(p) => <Input {...p} value={v.title} onChange={set("title")} autoComplete="off" />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Assignee" error={errors.assignee_username}>
              {(p) => (
                <NativeSelect {...p} value={v.assignee_username} onChange={set("assignee_username")}>
                  <option value="">Unassigned</option>
                  {users.data?.users
                    .filter((u) => !u.disabled || u.id === v.assignee_username)
                    .map((u) => (
                      <option key={u.id} value={u.id}>
                        {u.full_name}
                      </option>
                    ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Priority" error={errors.priority}>
              {(p) => (
                <NativeSelect {...p} value={v.priority} onChange={set("priority")}>
                  {taskPriorities.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Due Date" error={errors.due_date}>
              {(p) => <Input {...p} type="date" value={v.due_date} onChange={set("due_date")} />}
            </Field>
          </div>
          <Field label="Notes" error={errors.notes}>
            {(p) => <Textarea {...p} value={v.notes} onChange={set("notes")} />}
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : task ? "Save Changes" : "Add Task"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
