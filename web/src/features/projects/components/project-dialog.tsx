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
} from "@contract/project";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, MoneyField, OptionsField, TextareaField, TextField } from "@/components/ui/form-fields";
import { SelectField } from "@/components/ui/select-field";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { instalmentText } from "@contract/instalment";
import { RecordFacts } from "@/components/ui/record-cards";
import { projectClientOptionsQuery, projectInstalmentsQuery, useCreateProject, useUpdateProject } from "@/features/projects/api/projects";

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
  const { control } = form;

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
      <TextField control={control} name="title" label="Title" required />
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
        <OptionsField control={control} name="type" label="Type" values={projectTypes} />
        <MoneyField control={control} name="budget" label="Budget (£)" />
        <OptionsField control={control} name="stage" label="Stage" values={projectStages} />
        <DateField control={control} name="start_date" label="Start Date" />
        <DateField control={control} name="due_date" label="Due Date" />
        <OptionsField control={control} name="status" label="Status" values={project ? projectStatuses : projectCreateStatuses} />
      </div>
      <TextareaField control={control} name="notes" label="Notes" />
      {project && <PaymentSchedule projectId={project.id} />}
    </FormDialog>
  );
}

/** How the project is being paid: each instalment of the proposals that started it, waiting, requested, invoiced or paid. */
function PaymentSchedule({ projectId }: { projectId: string }) {
  const instalments = useQuery(projectInstalmentsQuery(projectId)).data?.instalments ?? [];
  if (instalments.length === 0) return null;
  return (
    <section aria-label="Payment schedule">
      <h3 className="mb-2 text-sm font-semibold">Payment Schedule</h3>
      <RecordFacts facts={instalments.map((i) => ({ label: `${i.label} (${i.proposal_title})`, value: instalmentText(i) }))} />
    </section>
  );
}
