/**
 * Settings → Payment Reminders (Owner edits; Sales reads): whether the daily job reminds clients
 * of what they owe, and what each of the four reminders says (docs/decisions/0066-payment-reminders.md).
 * Each mail then lists every document still owed on the project with its link and balance.
 */
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import {
  REMINDER_PLACEHOLDERS,
  REMINDER_STAGE_LABELS,
  reminderStages,
  type PaymentReminderSettings,
  type PaymentReminderSettingsInput,
} from "@contract/payment-reminders";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { TextareaField, TextField } from "@/components/ui/form-fields";
import { SettingsPanel } from "@/components/ui/settings-panel";
import { applyFieldErrors } from "@/lib/form-errors";
import { paymentReminderSettingsQueryOptions, useSavePaymentReminderSettings } from "@/features/settings/api/settings";

/** Where the worker's field messages go: each stage's subject and message. */
const wordingFields = reminderStages.flatMap((stage) => [`wording.${stage}.subject`, `wording.${stage}.message`] as const);

const validation = lazyZodResolver<PaymentReminderSettingsInput>(() =>
  import("@contract/payment-reminders").then((m) => m.paymentReminderSettingsInput),
);

function Form({ settings, updatedAt, readOnly }: { settings: PaymentReminderSettings; updatedAt: string | null; readOnly: boolean }) {
  const save = useSavePaymentReminderSettings();
  const { register, control, handleSubmit, setError } = useForm({
    resolver: validation.resolver,
    defaultValues: { ...settings, updated_at: updatedAt } satisfies PaymentReminderSettingsInput,
  });
  const onSubmit = handleSubmit((values) => save.mutate(values, { onError: (e) => applyFieldErrors(e, setError, wordingFields) }));
  return (
    <form onSubmit={onSubmit} onFocus={validation.prefetch} noValidate className="mt-4 space-y-4">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-brick-600" {...register("enabled")} disabled={readOnly} />
        <span>
          Send payment reminders
          <span className="block text-xs text-slate-500">
            At 09:00 on working days. Pause them on one invoice from its row in Invoices.
          </span>
        </span>
      </label>
      <p className="text-xs text-slate-500">
        In the subject and message, {REMINDER_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")} become the invoice's number, its due date and
        what is still due.
      </p>
      {/* Disabled, not read-only, for Sales: a fieldset disables every field in it at once. */}
      <fieldset disabled={readOnly} className="space-y-4">
        {reminderStages.map((stage) => (
          <fieldset key={stage} className="space-y-2 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">{REMINDER_STAGE_LABELS[stage]}</legend>
            <TextField control={control} name={`wording.${stage}.subject`} label="Subject" required />
            <TextareaField control={control} name={`wording.${stage}.message`} label="Message" required rows={3} />
          </fieldset>
        ))}
      </fieldset>
      {!readOnly && (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Payment Reminders"}
        </Button>
      )}
    </form>
  );
}

export function PaymentRemindersForm({ isOwner }: { isOwner: boolean }) {
  const { data } = useQuery(paymentReminderSettingsQueryOptions());
  return (
    <SettingsPanel
      id="payment-reminder-settings"
      title="Payment Reminders"
      intro="Clients are reminded 3 days before an invoice is due, on the day, and 7 and 14 days after, until it is paid."
      isOwner={isOwner}
    >
      {data ? <Form key={data.updated_at ?? "new"} settings={data.settings} updatedAt={data.updated_at} readOnly={!isOwner} /> : null}
    </SettingsPanel>
  );
}
