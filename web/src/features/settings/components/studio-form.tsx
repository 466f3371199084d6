/** Studio details printed on invoices, and the terms and payment schedule new proposals start from (Owner edits; Sales reads). */
import { useQuery } from "@tanstack/react-query";
import { useForm, type Control } from "react-hook-form";
import type { StudioSettings, StudioSettingsInput } from "@contract/settings";
import { DEFAULT_OUTSIDE_UK_VAT_NOTE } from "@contract/invoice-values";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import { PaymentScheduleEditor, type WithSchedule } from "@/components/payment-schedule-editor";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { SettingsPanel } from "@/components/ui/settings-panel";
import { Textarea } from "@/components/ui/textarea";
import { applyFieldErrors } from "@/lib/form-errors";
import { studioQueryOptions, useSaveStudio } from "@/features/settings/api/settings";

const FIELDS = [
  "studio_name",
  "address",
  "vat_number",
  "bank_name",
  "bank_account_name",
  "bank_sort_code",
  "bank_account_number",
  "invoice_notes",
  "outside_uk_vat_note",
  "payment_terms_days",
  "proposal_terms",
  "default_payment_schedule",
] as const;

/** zod and the contract's schema load when the form is first used, not with the page (docs/decisions/0026-crm-first-render.md). */
const validation = lazyZodResolver<StudioSettingsInput>(() => import("@contract/settings").then((m) => m.studioSettingsInput));

function Form({ settings, updatedAt, readOnly }: { settings: StudioSettings; updatedAt: string | null; readOnly: boolean }) {
  const save = useSaveStudio();
  const defaults: StudioSettingsInput = { ...settings, updated_at: updatedAt };
  const { register, handleSubmit, setError, formState, control } = useForm({ resolver: validation.resolver, defaultValues: defaults });
  const errors = formState.errors;
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onError: (e) => applyFieldErrors(e, setError, FIELDS),
    }),
  );
  const text = (
    name: Exclude<(typeof FIELDS)[number], "payment_terms_days" | "default_payment_schedule">,
    label: string,
    hint?: string,
  ) => (
    <Field label={label} error={errors[name]?.message} hint={hint} required={name === "studio_name"}>
      {(p) => <Input {...p} {...register(name)} readOnly={readOnly} />}
    </Field>
  );
  return (
    <form onSubmit={onSubmit} onFocus={validation.prefetch} noValidate className="mt-4 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text("studio_name", "Studio Name")}
        {text("vat_number", "VAT Number", "When set, invoices show a VAT line")}
      </div>
      <Field label="Address" error={errors.address?.message} required>
        {(p) => <Textarea {...p} {...register("address")} readOnly={readOnly} rows={3} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("bank_name", "Bank Name")}
        {text("bank_account_name", "Account Name")}
        {text("bank_sort_code", "Sort Code")}
        {text("bank_account_number", "Account Number")}
      </div>
      <Field
        label="Payment Terms (days)"
        error={errors.payment_terms_days?.message}
        hint="A new invoice is due this many days after its date"
      >
        {(p) => (
          <Input
            {...p}
            {...register("payment_terms_days", { setValueAs: (v: string) => (v === "" ? undefined : Number(v)) })}
            type="number"
            min={0}
            max={365}
            step={1}
            inputMode="numeric"
            readOnly={readOnly}
            className="max-w-32"
          />
        )}
      </Field>
      <Field label="Invoice Notes" error={errors.invoice_notes?.message}>
        {(p) => <Textarea {...p} {...register("invoice_notes")} readOnly={readOnly} />}
      </Field>
      <Field
        label="VAT Note for Clients Outside the UK"
        error={errors.outside_uk_vat_note?.message}
        hint={`Printed instead of a VAT line on their invoices. Left empty: “${DEFAULT_OUTSIDE_UK_VAT_NOTE}”`}
      >
        {(p) => <Input {...p} {...register("outside_uk_vat_note")} readOnly={readOnly} />}
      </Field>
      <Field label="Proposal Terms" error={errors.proposal_terms?.message} hint="Filled in on every new proposal, where it can be changed">
        {(p) => <Textarea {...p} {...register("proposal_terms")} readOnly={readOnly} rows={4} />}
      </Field>
      <PaymentScheduleEditor control={control as unknown as Control<WithSchedule>} name="default_payment_schedule" readOnly={readOnly} />
      {!readOnly && (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Studio Details"}
        </Button>
      )}
    </form>
  );
}

export function StudioForm({ isOwner }: { isOwner: boolean }) {
  const { data } = useQuery(studioQueryOptions());
  return (
    <SettingsPanel id="studio-details" title="Studio Details" intro="Printed on every invoice." isOwner={isOwner} skeletonClass="h-64">
      {data ? <Form key={data.updated_at ?? "new"} settings={data.settings} updatedAt={data.updated_at} readOnly={!isOwner} /> : null}
    </SettingsPanel>
  );
}
