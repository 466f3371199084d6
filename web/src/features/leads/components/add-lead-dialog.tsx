/** 'Add Lead' from the top bar: the few fields needed to start a lead; the rest is edited later. */
import { leadInput, leadSources, type LeadInput } from "../../../../../contract/lead";
import { FormDialog } from "../../../components/ui/form-dialog";
import { Field, Input } from "../../../components/ui/field";
import { NativeOptions, NativeSelect } from "../../../components/ui/select-native";
import { useVersionedEditForm } from "../../../lib/versioned-edit-form";
import { useCreateLead } from "../api/leads";

const empty: LeadInput = { name: "", company: "", email: "", phone: "", source: null, notes: "" };

export function AddLeadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const createLead = useCreateLead();
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: leadInput,
    defaultValues: empty,
    fields: ["name", "company", "email", "phone", "source", "notes"],
    create: (values) => createLead.mutateAsync(values),
    toasts: { created: "Lead added successfully" },
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Lead"
      description="Start a lead in the New column of the pipeline."
      onSubmit={onSubmit}
      busy={busy}
      submitLabel="Add Lead"
      busyLabel="Adding..."
    >
      <Field label="Name" error={errors.name?.message} required>
        {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Company" error={errors.company?.message}>
          {(p) => <Input {...p} {...register("company")} autoComplete="off" />}
        </Field>
        <Field label="Source" error={errors.source?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("source", { setValueAs: (v: string) => v || null })}>
              <option value="">Choose a source</option>
              <NativeOptions values={leadSources} />
            </NativeSelect>
          )}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(p) => <Input {...p} {...register("email")} type="email" autoComplete="off" />}
        </Field>
        <Field label="Phone" error={errors.phone?.message}>
          {(p) => <Input {...p} {...register("phone")} type="tel" autoComplete="off" />}
        </Field>
      </div>
    </FormDialog>
  );
}
