/** 'Add Lead' from the top bar: the few fields needed to start a lead; the rest is edited later. */
import { leadInput, type LeadInput } from "../../../../../contract/lead";
import { FormDialog } from "../../../components/ui/form-dialog";
import { useVersionedEditForm } from "../../../lib/versioned-edit-form";
import { useCreateLead } from "../api/leads";
import { LeadContactFields } from "./lead-contact-fields";

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
  const { control } = form;

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
      <LeadContactFields control={control} />
    </FormDialog>
  );
}
