/** New Project / Edit Project. Create offers On Track, At Risk, Blocked; edit also Completed. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { projectCreateStatuses, projectStages, projectStatuses, projectTypes, type Project } from "../../../../../contract/project";
import { Button } from "../../../components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "../../../components/ui/dialog";
import { Field, Input } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/select-native";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../lib/toast";
import { projectClientOptionsQuery, useCreateProject, useUpdateProject } from "../api/projects";

export function ProjectDialog({ project, open, onOpenChange }: { project?: Project; open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateProject();
  const update = useUpdateProject();
  const clients = useQuery({ ...projectClientOptionsQuery(), enabled: open });
  const [v, setV] = useState({
    title: project?.title ?? "",
    type: project?.type ?? "Web Design",
    client_id: project?.client_id ?? "",
    budget: project?.budget != null ? String(project.budget) : "",
    start_date: project?.start_date ?? "",
    due_date: project?.due_date ?? "",
    stage: project?.stage ?? "Discovery",
    status: project?.status ?? "On Track",
    notes: project?.notes ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [k]: e.target.value }));
  const busy = create.isPending || update.isPending;

  const submit = () => {
    const next: Record<string, string> = {};
    if (!v.title.trim()) next.title = "Title is required";
    const budget = v.budget.trim() === "" ? null : Number(v.budget);
    if (budget !== null && (!Number.isFinite(budget) || budget < 0)) next.budget = "Enter a number";
    setErrors(next);
    if (Object.keys(next).length) return;
    const body = {
      title: v.title.trim(),
      type: v.type as Project["type"],
      client_id: v.client_id || null,
      budget,
      start_date: v.start_date || null,
      due_date: v.due_date || null,
      stage: v.stage as Project["stage"],
      notes: v.notes.trim() || null,
    };
    const onError = (e: unknown) => {
      const fields = (e as { fields?: Record<string, string> }).fields;
      if (fields) setErrors(fields);
    };
    if (project) {
      update.mutate(
        { id: project.id, patch: { ...body, status: v.status as Project["status"], updated_at: project.updated_at } },
        {
          onSuccess: () => {
            toast.success("Project updated successfully");
            onOpenChange(false);
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...body, status: v.status as (typeof projectCreateStatuses)[number] },
        {
          onSuccess: () => {
            toast.success("Project added successfully");
            onOpenChange(false);
          },
          onError,
        },
      );
    }
  };

  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title={project ? "Edit Project" : "New Project"} description={project ? "Update the project's details." : "Add a project to the board."}>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field label="Title" error={errors.title} required>
            {(p) => <Input {...p} value={v.title} onChange={set("title")} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Client" error={errors.client_id}>
              {(p) => (
                <NativeSelect {...p} value={v.client_id} onChange={set("client_id")}>
                  <option value="">No client</option>
                  {clients.data?.clients.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                  {project?.client_id && !clients.data?.clients.some((c) => c.id === project.client_id) && (
                    <option value={project.client_id}>{project.client_name ?? "Current client"}</option>
                  )}
                </NativeSelect>
              )}
            </Field>
            <Field label="Type" error={errors.type}>
              {(p) => (
                <NativeSelect {...p} value={v.type ?? ""} onChange={set("type")}>
                  {projectTypes.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Budget (£)" error={errors.budget}>
              {(p) => <Input {...p} type="number" min={0} step="0.01" inputMode="decimal" value={v.budget} onChange={set("budget")} />}
            </Field>
            <Field label="Stage" error={errors.stage}>
              {(p) => (
                <NativeSelect {...p} value={v.stage} onChange={set("stage")}>
                  {projectStages.map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="Start Date" error={errors.start_date}>
              {(p) => <Input {...p} type="date" value={v.start_date} onChange={set("start_date")} />}
            </Field>
            <Field label="Due Date" error={errors.due_date}>
              {(p) => <Input {...p} type="date" value={v.due_date} onChange={set("due_date")} />}
            </Field>
            <Field label="Status" error={errors.status}>
              {(p) => (
                <NativeSelect {...p} value={v.status} onChange={set("status")}>
                  {(project ? projectStatuses : projectCreateStatuses).map((s) => (
                    <option key={s}>{s}</option>
                  ))}
                </NativeSelect>
              )}
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
              {busy ? "Saving..." : project ? "Save Changes" : "Add Project"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
