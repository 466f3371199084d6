/** The account and tax rate Export for Xero codes every line to (Owner edits; Sales reads). */
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { XeroSettings, XeroSettingsInput } from "@contract/xero";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { SettingsPanel } from "@/components/ui/settings-panel";
import { applyFieldErrors } from "@/lib/form-errors";
import { useSaveXeroSettings, xeroSettingsQueryOptions } from "@/features/settings/api/settings";

/** zod and the contract's schema load when the form is first used, not with the page (docs/decisions/0026-crm-first-render.md). */
const validation = lazyZodResolver<XeroSettingsInput>(() => import("@contract/xero").then((m) => m.xeroSettingsInput));

function Form({ settings, updatedAt, readOnly }: { settings: XeroSettings; updatedAt: string | null; readOnly: boolean }) {
  const save = useSaveXeroSettings();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: validation.resolver,
    defaultValues: { ...settings, updated_at: updatedAt } satisfies XeroSettingsInput,
  });
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, { onError: (e) => applyFieldErrors(e, setError, ["account_code", "tax_type"]) }),
  );
  return (
    <form onSubmit={onSubmit} onFocus={validation.prefetch} noValidate className="mt-4 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Account Code" required hint="Your sales account in Xero, e.g. 200" error={formState.errors.account_code?.message}>
          {(p) => <Input {...p} {...register("account_code")} readOnly={readOnly} autoComplete="off" className="max-w-40" />}
        </Field>
        <Field label="Tax Type" required hint="As Xero names the rate, e.g. 20% (VAT on Income)" error={formState.errors.tax_type?.message}>
          {(p) => <Input {...p} {...register("tax_type")} readOnly={readOnly} autoComplete="off" />}
        </Field>
      </div>
      {!readOnly && (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Xero Settings"}
        </Button>
      )}
    </form>
  );
}

export function XeroSettingsForm({ isOwner }: { isOwner: boolean }) {
  const { data } = useQuery(xeroSettingsQueryOptions());
  return (
    <SettingsPanel
      id="xero-settings"
      title="Xero Export"
      intro="Export for Xero, on the Invoices page, codes every line to this account and tax rate."
      isOwner={isOwner}
    >
      {data ? <Form key={data.updated_at ?? "new"} settings={data.settings} updatedAt={data.updated_at} readOnly={!isOwner} /> : null}
    </SettingsPanel>
  );
}
