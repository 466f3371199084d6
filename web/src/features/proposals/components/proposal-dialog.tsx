/** Add Proposal / Edit Proposal. Choosing a lead clears the client and vice versa. */
import { useQuery } from "@tanstack/react-query";
import { proposalInput, proposalStatuses, type Proposal } from "../../../../../contract/proposal";
import { FormDialog } from "../../../components/ui/form-dialog";
import { Field, Input } from "../../../components/ui/field";
import { SelectField } from "../../../components/ui/select-field";
import { NativeOptions, NativeSelect } from "../../../components/ui/select-native";
import { Textarea } from "../../../components/ui/textarea";
import { useVersionedEditForm } from "../../../lib/versioned-edit-form";
import { proposalClientOptions, proposalLeadOptions, useCreateProposal, useUpdateProposal } from "../api/proposals";
import { numberOrNull } from "../../../lib/form-values";

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
  const { register, control, setValue } = form;
  const errors = form.formState.errors;

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
      <Field label="Title" error={errors.title?.message} required>
        {(p) => <Input {...p} {...register("title")} />}
      </Field>
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
        <Field label="Value (£)" error={errors.value?.message}>
          {(p) => (
            <Input {...p} type="number" min={0} step="0.01" inputMode="decimal" {...register("value", { setValueAs: numberOrNull })} />
          )}
        </Field>
        <Field label="Status" error={errors.status?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("status")}>
              <NativeOptions values={proposalStatuses} />
            </NativeSelect>
          )}
        </Field>
        <Field label="Sent Date" error={errors.sent_date?.message}>
          {(p) => <Input {...p} type="date" {...register("sent_date")} />}
        </Field>
        <Field label="Due Date" error={errors.due_date?.message}>
          {(p) => <Input {...p} type="date" {...register("due_date")} />}
        </Field>
      </div>
      <Field label="Notes" error={errors.notes?.message}>
        {(p) => <Textarea {...p} {...register("notes")} />}
      </Field>
    </FormDialog>
  );
}
