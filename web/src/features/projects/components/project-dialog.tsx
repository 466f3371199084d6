/** New Project / Edit Project. Create offers On Track, At Risk, Blocked; edit also Completed. */
import { useQuery } from "@tanstack/react-query";
import {
  projectInput,
  projectPatch,
  projectCreateStatuses,
  projectStages,
  projectStatuses,
  projectTypes,
  type Project,
  type ProjectInput,
} from "../../../../../contract/project";
import { FormDialog } from "../../../components/ui/form-dialog";
import { Field, Input } from "../../../components/ui/field";
import { SelectField } from "../../../components/ui/select-field";
import { NativeOptions, NativeSelect } from "../../../components/ui/select-native";
import { Textarea } from "../../../components/ui/textarea";
import { useVersionedEditForm } from "../../../lib/versioned-edit-form";
import { projectClientOptionsQuery, useCreateProject, useUpdateProject } from "../api/projects";
import { numberOrNull } from "../../../lib/form-values";

const fields = ["title", "type", "client_id", "budget", "start_date", "due_date", "stage", "status", "notes"] as const;
// Editing may also mark a project Completed, which the create schema refuses.
const projectEdit = projectPatch.omit({ updated_at: true });

export function ProjectDialog({
  project,
  open,
  onOpenChange,
}: {
  project?: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateProject();
  const update = useUpdateProject();
  const clients = useQuery({ ...projectClientOptionsQuery(), enabled: open });
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: project ? projectEdit : projectInput,
    defaultValues: {
      title: project?.title ?? "",
      type: project?.type ?? "Web Design",
      client_id: project?.client_id ?? "",
      budget: project?.budget ?? null,
      start_date: project?.start_date ?? "",
      due_date: project?.due_date ?? "",
      stage: project?.stage ?? "Discovery",
      status: project?.status ?? "On Track",
      notes: project?.notes ?? "",
    },
    fields,
    copy: project,
    // Only reached when adding, so the values are the create schema's.
    create: (values) => create.mutateAsync(values as ProjectInput),
    update: (patch) => update.mutateAsync({ id: project!.id, patch }),
    toasts: { created: "Project added successfully", updated: "Project updated successfully" },
    onDone: () => onOpenChange(false),
  });
  const { register, control } = form;
  const errors = form.formState.errors;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={project ? "Edit Project" : "New Project"}
      description={project ? "Update the project's details." : "Add a project to the board."}
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={project ? "Save Changes" : "Add Project"}
    >
      <Field label="Title" error={errors.title?.message} required>
        {(p) => <Input {...p} {...register("title")} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={control} name="client_id" label="Client">
          <option value="">No client</option>
          {clients.data?.clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          {project?.client_id && !clients.data?.clients.some((c) => c.id === project.client_id) && (
            <option value={project.client_id}>{project.client_name ?? "Current client"}</option>
          )}
        </SelectField>
        <Field label="Type" error={errors.type?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("type")}>
              <NativeOptions values={projectTypes} />
            </NativeSelect>
          )}
        </Field>
        <Field label="Budget (£)" error={errors.budget?.message}>
          {(p) => (
            <Input {...p} type="number" min={0} step="0.01" inputMode="decimal" {...register("budget", { setValueAs: numberOrNull })} />
          )}
        </Field>
        <Field label="Stage" error={errors.stage?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("stage")}>
              <NativeOptions values={projectStages} />
            </NativeSelect>
          )}
        </Field>
        <Field label="Start Date" error={errors.start_date?.message}>
          {(p) => <Input {...p} type="date" {...register("start_date")} />}
        </Field>
        <Field label="Due Date" error={errors.due_date?.message}>
          {(p) => <Input {...p} type="date" {...register("due_date")} />}
        </Field>
        <Field label="Status" error={errors.status?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("status")}>
              <NativeOptions values={project ? projectStatuses : projectCreateStatuses} />
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field label="Notes" error={errors.notes?.message}>
        {(p) => <Textarea {...p} {...register("notes")} />}
      </Field>
    </FormDialog>
  );
}
