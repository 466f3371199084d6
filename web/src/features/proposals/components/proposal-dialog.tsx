/** Add Proposal / Edit Proposal. Choosing a lead clears the client and vice versa. */
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { proposalInput, proposalStatuses, type Proposal } from "@contract/proposal";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, MoneyField, OptionsField, TextareaField, TextField } from "@/components/ui/form-fields";
import { SelectField } from "@/components/ui/select-field";
import { todayInLondon } from "@/lib/format";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { proposalClientOptions, proposalLeadOptions, useCreateProposal, useUpdateProposal } from "@/features/proposals/api/proposals";

const fields = ["title", "value", "status", "sent_date", "due_date", "lead_id", "client_id", "notes"] as const;

export function ProposalDialog({
  proposal,
  open,
  onOpenChange,
}: {
  proposal?: Proposal;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateProposal();
  const update = useUpdateProposal();
  const leads = useQuery({ ...proposalLeadOptions(), enabled: open });
  const clients = useQuery({ ...proposalClientOptions(), enabled: open });
  const { form, onSubmit, busy } = useVersionedEditForm({
    // The same schema on edit: the statuses and the one-party rule are the same.
    schema: proposalInput,
    defaultValues: {
      title: proposal?.title ?? "",
      value: proposal?.value ?? null,
      status: proposal?.status ?? "Draft",
      sent_date: proposal?.sent_date ?? "",
      due_date: proposal?.due_date ?? "",
      lead_id: proposal?.lead_id ?? "",
      client_id: proposal?.client_id ?? "",
      notes: proposal?.notes ?? "",
    },
    fields,
    copy: proposal,
    create: (values) => create.mutateAsync(values),
    update: (patch) => update.mutateAsync({ id: proposal!.id, patch }),
    toasts: { created: "Proposal added successfully", updated: "Proposal updated successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control, setValue } = form;
  // Marked Sent with no sent date: sent today, shown in the field so it can still be changed.
  useEffect(() => {
    const { unsubscribe } = form.watch((values, { name }) => {
      if (name === "status" && values.status === "Sent" && !values.sent_date) setValue("sent_date", todayInLondon(), { shouldDirty: true });
    });
    return unsubscribe;
  }, [form, setValue]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={proposal ? "Edit Proposal" : "Add Proposal"}
      description="A proposal goes to a lead or to a client."
      onSubmit={onSubmit}
      busy={busy}
      submitLabel={proposal ? "Save Changes" : "Add Proposal"}
    >
      <TextField control={control} name="title" label="Title" required />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="lead_id"
          label="Lead"
          onValueChange={(v) => v && setValue("client_id", "", { shouldDirty: true })}
        >
          <option value="">No lead</option>
          {leads.data?.leads.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
          {proposal?.lead && !leads.data?.leads.some((l) => l.id === proposal.lead?.id) && (
            <option value={proposal.lead.id}>{proposal.lead.name}</option>
          )}
        </SelectField>
        <SelectField
          control={control}
          name="client_id"
          label="Client"
          onValueChange={(v) => v && setValue("lead_id", "", { shouldDirty: true })}
        >
          <option value="">No client</option>
          {clients.data?.clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          {proposal?.client && !clients.data?.clients.some((c) => c.id === proposal.client?.id) && (
            <option value={proposal.client.id}>{proposal.client.name}</option>
          )}
        </SelectField>
        <MoneyField control={control} name="value" label="Value (£)" />
        <OptionsField control={control} name="status" label="Status" values={proposalStatuses} />
        <DateField control={control} name="sent_date" label="Sent Date" />
        <DateField control={control} name="due_date" label="Due Date" />
      </div>
      <TextareaField control={control} name="notes" label="Notes" />
    </FormDialog>
  );
}
