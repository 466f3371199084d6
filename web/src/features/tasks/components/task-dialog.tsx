/**
 * Add New Task / Edit Task: title, assignee (from the users), priority (default Med), due date, an
 * optional time and length (a timed task keeps its assignee busy, so no call is booked over it), notes.
 */
import { useQuery } from "@tanstack/react-query";
import { taskInput, taskPatch, taskPriorities, type Task, type TaskInput } from "@contract/task";
import { isPerson } from "@contract/user";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, OptionsField, TextareaField, TextField, TimeField, WholeNumberField } from "@/components/ui/form-fields";
import { SelectField } from "@/components/ui/select-field";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { taskUsersQueryOptions, useCreateTask, useUpdateTask } from "@/features/tasks/api/tasks";

const fields = ["title", "assignee_username", "priority", "due_date", "due_time", "minutes", "notes"] as const;
const taskEdit = taskPatch.omit({ updated_at: true });

/** What another screen fills in when it opens Add Task (e.g. from a client's preview comment). */
export type TaskDraft = Pick<TaskInput, "title" | "notes" | "related_type" | "related_id">;

export function TaskDialog({
  task,
  draft,
  open,
  onOpenChange,
}: {
  task?: Task;
  draft?: TaskDraft;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const users = useQuery({ ...taskUsersQueryOptions(), enabled: open });
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: task ? taskEdit : taskInput,
    defaultValues: {
      title: task?.title ?? draft?.title ?? "",
      assignee_username: task?.assignee_username ?? "",
      priority: task?.priority ?? "Med",
      due_date: task?.due_date ?? "",
      due_time: task?.due_time ?? "",
      minutes: task?.minutes ?? null,
      notes: task?.notes ?? draft?.notes ?? "",
    },
    fields,
    copy: task,
    // Only reached when adding, so the values are the create schema's.
    // The record it is about is not a field of the form: it comes with the draft.
    create: (values) => create.mutateAsync({ ...(values as TaskInput), related_type: draft?.related_type, related_id: draft?.related_id }),
    update: (patch) => update.mutateAsync({ id: task!.id, patch }),
    toasts: { created: "Task added successfully", updated: "Task updated successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control } = form;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={task ? "Edit Task" : "Add New Task"}
      description={
        task
          ? "Update the task."
          : draft?.related_type
            ? `A task for someone in the team, linked to this ${draft.related_type}.`
            : "A task for someone in the team."
      }
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={task ? "Save Changes" : "Add Task"}
    >
      <TextField control={control} name="title" label="Title" required autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField control={control} name="assignee_username" label="Assignee">
          <option value="">Unassigned</option>
          {/* People only (not the shared team account); a disabled user stays on offer for the task already theirs. */}
          {users.data?.users
            .filter((u) => isPerson(u) && (!u.disabled || u.id === task?.assignee_username))
            .map((u) => (
              <option key={u.id} value={u.id}>
                {u.full_name}
              </option>
            ))}
        </SelectField>
        <OptionsField control={control} name="priority" label="Priority" values={taskPriorities} />
        <DateField control={control} name="due_date" label="Due Date" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TimeField control={control} name="due_time" label="Time" hint="Optional: when on the due date" />
        <WholeNumberField control={control} name="minutes" label="Minutes" hint="How long, with a time (30 unless set)" min={5} max={600} />
      </div>
      <TextareaField control={control} name="notes" label="Notes" />
    </FormDialog>
  );
}
