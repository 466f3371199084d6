/**
 * 'Add Lead' (top bar, pipeline, Leads page): every field the lead record has, as Edit Lead shows
 * them. Status defaults to New; empty optional fields are saved as null; a Deal Value is sent only
 * for a status that shows it.
 */
import { leadInput, statusesWithValue, type LeadInput } from "@contract/lead";
import { FormDialog } from "@/components/ui/form-dialog";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { useCreateLead } from "@/features/leads/api/leads";
import { LeadContactFields } from "./lead-contact-fields";
import { LeadProgressFields } from "./lead-progress-fields";

const empty: LeadInput = {
  name: "",
  company: "",
  email: "",
  phone: "",
  source: null,
  status: "New",
  value: null,
  next_action: "",
  follow_up_date: "",
  notes: "",
};

export function AddLeadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const createLead = useCreateLead();
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: leadInput,
    defaultValues: empty,
    fields: ["name", "company", "email", "phone", "source", "status", "value", "next_action", "follow_up_date", "notes"],
    // A value typed for a status that hides it is not saved.
    create: (values) => createLead.mutateAsync({ ...values, value: statusesWithValue.includes(values.status) ? values.value : null }),
    toasts: { created: "Lead added successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control } = form;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add New Lead"
      description="A new lead for the pipeline; it starts in the column of its status."
      className="max-w-2xl"
      onSubmit={onSubmit}
      busy={busy}
      submitLabel="Add Lead"
      busyLabel="Adding..."
    >
      <LeadContactFields control={control} />
      <LeadProgressFields control={control} />
    </FormDialog>
  );
}
