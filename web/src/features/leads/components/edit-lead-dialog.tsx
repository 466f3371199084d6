/**
 * Edit a lead. Name required and trimmed; empty optional strings saved as null; Deal Value only for
 * Proposal Sent, Negotiation, Won and Lost. The PATCH carries the copy's updated_at: on a 409 the
 * lead is reloaded (for the next save) while what the user typed stays in the form.
 */
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { leadInput, statusesWithValue, type Lead, type LeadInput, type LeadStatus } from "@contract/lead";
import { FormDialog } from "@/components/ui/form-dialog";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import { leadQueryOptions, useUpdateLead } from "@/features/leads/api/leads";
import { LeadContactFields } from "./lead-contact-fields";
import { LeadProgressFields } from "./lead-progress-fields";

const toForm = (l: Lead): LeadInput => ({
  name: l.name,
  company: l.company ?? "",
  email: l.email ?? "",
  phone: l.phone ?? "",
  source: l.source,
  status: l.status,
  notes: l.notes ?? "",
  value: l.value,
  next_action: l.next_action ?? "",
  follow_up_date: l.follow_up_date ?? "",
});

const fieldNames = ["name", "company", "email", "phone", "source", "status", "notes", "value", "next_action", "follow_up_date"] as const;

/** Statuses whose arrival from the edit dialog opens Workflow Actions. */
const workflowStatuses: readonly LeadStatus[] = ["Qualified", "Proposal Sent", "Won"];

export function EditLeadDialog({
  lead,
  open,
  onOpenChange,
  onStatusChanged,
}: {
  lead: Lead | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStatusChanged?: (lead: Lead, from: LeadStatus, to: LeadStatus) => void;
}) {
  const update = useUpdateLead(false);
  // A list's copy with cut notes is no starting point for an edit: wait for the whole lead.
  const partial = !!lead?.notes_truncated;
  // The newest copy: after a 409 it refetches, so the next save sends the current updated_at.
  const latest =
    useQuery({ ...leadQueryOptions(lead?.id ?? ""), enabled: open && !!lead, initialData: partial ? undefined : (lead ?? undefined) })
      .data ?? (partial ? undefined : lead);
  const { form, onSubmit, busy } = useVersionedEditForm({
    schema: leadInput,
    defaultValues: latest ? toForm(latest) : ({} as LeadInput),
    fields: fieldNames,
    copy: latest,
    update: (patch) => update.mutateAsync({ id: lead!.id, patch }),
    // A value its status does not show is not sent.
    sendable: (k, values) => k !== "value" || statusesWithValue.includes(values.status),
    toasts: {
      updated: "Lead updated successfully",
      failed: "Failed to update lead",
      conflict: {
        title: "This lead was changed by someone else",
        description: "We reloaded it. Your changes are still here — review them and save again.",
      },
    },
    onDone: (saved) => {
      onOpenChange(false);
      if (lead && saved && saved.status !== lead.status && workflowStatuses.includes(saved.status))
        onStatusChanged?.(saved, lead.status, saved.status);
    },
  });
  const { reset, control } = form;

  const loaded = !!latest;
  useEffect(() => {
    if (open && latest) reset(toForm(latest));
    // Only when the dialog opens for a lead (or its whole copy first arrives): refetches must not wipe what the user typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, lead?.id, loaded]);

  if (!lead || !latest) return null;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Lead"
      description={`Update the details of ${lead.name}.`}
      className="max-w-2xl"
      onSubmit={onSubmit}
      busy={busy}
      submitLabel="Save Changes"
      stackActions
    >
      <LeadContactFields control={control} />
      <LeadProgressFields control={control} />
    </FormDialog>
  );
}
