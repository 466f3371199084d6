/**
 * Add Proposal / Edit Proposal: who it is for (choosing a lead clears the client and vice versa),
 * and the document the client reads: an introduction, sections, line items whose sum is its value,
 * a valid-until date and terms.
 */
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useFieldArray, useFormState, useWatch, type Control } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import {
  proposalInput,
  proposalStatuses,
  PROPOSAL_LINES_MAX,
  PROPOSAL_SECTIONS_MAX,
  type Proposal,
  type ProposalInput,
} from "@contract/proposal";
import { linesTotal } from "@contract/invoice";
import { TERMS_PAYMENT_SCHEDULE } from "@contract/payment-schedule-values";
import { LineItems, type WithLines } from "@/components/line-items";
import { PaymentScheduleEditor, type WithSchedule } from "@/components/payment-schedule-editor";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { DateField, OptionsField, TextareaField, TextField } from "@/components/ui/form-fields";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { SelectField } from "@/components/ui/select-field";
import { todayInLondon } from "@/lib/format";
import { useVersionedEditForm } from "@/lib/versioned-edit-form";
import {
  proposalClientOptions,
  proposalLeadOptions,
  studioSettingsQueryOptions,
  useCreateProposal,
  useUpdateProposal,
} from "@/features/proposals/api/proposals";

const fields = [
  "title",
  "status",
  "sent_date",
  "due_date",
  "lead_id",
  "client_id",
  "notes",
  "intro",
  "sections",
  "lines",
  "valid_until",
  "terms",
  "payment_schedule",
] as const;

// What each date does (worker/modules/shared-documents/shared-proposals.ts, worker/modules/dashboard/dashboard.ts): the
// client never sees the Due Date; Valid Until ends their link's offer.
const DUE_DATE_HINT =
  "When you want the client's answer by. Only the studio sees it; the dashboard's forecast counts the deal in its month when Valid Until is empty.";
const VALID_UNTIL_HINT = "The client can accept until this date; after it, their link says the offer has expired.";

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
      status: proposal?.status ?? "Draft",
      sent_date: proposal?.sent_date ?? "",
      due_date: proposal?.due_date ?? "",
      lead_id: proposal?.lead_id ?? "",
      client_id: proposal?.client_id ?? "",
      notes: proposal?.notes ?? "",
      intro: proposal?.intro ?? "",
      sections: proposal?.sections ?? [],
      lines: proposal?.lines ?? [],
      valid_until: proposal?.valid_until ?? "",
      terms: proposal?.terms ?? "",
      // Its own schedule without the amounts the API prices it at; a new one's is the studio's default, once loaded.
      payment_schedule: proposal?.payment_schedule.map(({ amount: _amount, ...i }) => i) ?? TERMS_PAYMENT_SCHEDULE,
    },
    fields,
    copy: proposal,
    create: (values) => create.mutateAsync(values),
    update: (patch) => update.mutateAsync({ id: proposal!.id, patch }),
    toasts: { created: "Proposal added successfully", updated: "Proposal updated successfully" },
    onDone: () => onOpenChange(false),
  });
  const { control, setValue, getFieldState } = form;
  // A new proposal starts from the studio's terms and payment schedule (Settings), until each is changed here.
  const studio = useQuery({ ...studioSettingsQueryOptions(), enabled: open && !proposal }).data?.settings;
  const defaultTerms = studio?.proposal_terms;
  const defaultSchedule = studio?.default_payment_schedule;
  useEffect(() => {
    if (proposal || !defaultTerms || getFieldState("terms").isDirty) return;
    setValue("terms", defaultTerms);
  }, [proposal, defaultTerms, getFieldState, setValue]);
  useEffect(() => {
    if (proposal || !defaultSchedule || getFieldState("payment_schedule").isDirty) return;
    setValue("payment_schedule", defaultSchedule);
  }, [proposal, defaultSchedule, getFieldState, setValue]);
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
        <OptionsField control={control} name="status" label="Status" values={proposalStatuses} />
        <DateField control={control} name="sent_date" label="Sent Date" />
        <DateField control={control} name="due_date" label="Due Date" hint={DUE_DATE_HINT} />
        <DateField control={control} name="valid_until" label="Valid Until" hint={VALID_UNTIL_HINT} />
      </div>
      <TextareaField control={control} name="intro" label="Introduction" rows={4} />
      <Sections control={control as unknown as Control<ProposalInput>} />
      <LineItems control={control as unknown as Control<WithLines>} max={PROPOSAL_LINES_MAX} testId="proposal" totalLabel="Value" />
      <ProposalSchedule control={control as unknown as Control<WithLines & WithSchedule>} />
      <TextareaField control={control} name="terms" label="Terms" rows={4} />
      <TextareaField control={control} name="notes" label="Notes" />
    </FormDialog>
  );
}

/** The schedule, priced at the lines' total as they are typed (no total while there are no lines). */
function ProposalSchedule({ control }: { control: Control<WithLines & WithSchedule> }) {
  const lines = useWatch({ control, name: "lines" }) ?? [];
  const priced = lines.map((l) => ({ quantity: Number(l?.quantity) || 0, unit_price: Number(l?.unit_price) || 0 }));
  return (
    <PaymentScheduleEditor
      control={control as unknown as Control<WithSchedule>}
      name="payment_schedule"
      total={lines.length ? linesTotal(priced) : null}
    />
  );
}

const TEXT_HINT = "Plain text: a blank line starts a new paragraph, and a line starting with “- ” is a bullet.";

/** The document's sections (Scope, Timeline, …), each a heading and its text, in order. */
function Sections({ control }: { control: Control<ProposalInput> }) {
  const { fields: rows, append, remove } = useFieldArray({ control, name: "sections" });
  const { errors } = useFormState({ control, name: "sections" });
  return (
    <fieldset className="mt-4 space-y-2">
      <legend className="text-sm font-medium text-slate-800">Sections</legend>
      <p className="text-xs text-slate-500">{TEXT_HINT}</p>
      {rows.map((row, i) => {
        const error = (key: "heading" | "body") => errors.sections?.[i]?.[key]?.message;
        const invalid = (key: "heading" | "body") =>
          error(key) ? { "aria-invalid": true as const, "aria-describedby": `section-${row.id}-${key}-error` } : {};
        return (
          <div key={row.id} className="space-y-2 rounded-lg border border-slate-200 p-2" data-testid="proposal-section">
            <div className="flex items-end gap-2">
              <label className="min-w-0 flex-1 text-xs text-slate-600">
                Heading
                <input {...control.register(`sections.${i}.heading`)} {...invalid("heading")} className={cn(inputClass, "mt-1 h-9")} />
              </label>
              <Button variant="ghost" size="sm" aria-label={`Remove section ${i + 1}`} onClick={() => remove(i)}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
            {error("heading") && (
              <p id={`section-${row.id}-heading-error`} className="text-sm text-red-700">
                {error("heading")}
              </p>
            )}
            <label className="block text-xs text-slate-600">
              Text
              <Textarea {...control.register(`sections.${i}.body`)} {...invalid("body")} rows={4} className="mt-1" />
            </label>
            {error("body") && (
              <p id={`section-${row.id}-body-error`} className="text-sm text-red-700">
                {error("body")}
              </p>
            )}
          </div>
        );
      })}
      {errors.sections?.message && <p className="text-sm text-red-700">{errors.sections.message}</p>}
      <Button
        variant="secondary"
        size="sm"
        disabled={rows.length >= PROPOSAL_SECTIONS_MAX}
        onClick={() => append({ heading: rows.length === 0 ? "Scope" : "", body: "" })}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add Section
      </Button>
    </fieldset>
  );
}
