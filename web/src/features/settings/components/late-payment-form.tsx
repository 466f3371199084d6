/**
 * Settings → Late Payment (Owner edits; Sales reads): the Bank of England base rates the Act's
 * interest is worked from, one per 30 June and 31 December, and whether the studio's Terms set
 * their own rate instead (docs/decisions/0065-late-payment-charges.md).
 */
import { useQuery } from "@tanstack/react-query";
import { useFieldArray, useForm } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import type { LatePaymentSettings, LatePaymentSettingsInput } from "@contract/late-payment-settings";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { rowErrors } from "@/components/ui/row-errors";
import { SettingsPanel } from "@/components/ui/settings-panel";
import { cn } from "@/lib/cn";
import { applyFieldErrors } from "@/lib/form-errors";
import { latePaymentSettingsQueryOptions, useSaveLatePaymentSettings } from "@/features/settings/api/settings";

const validation = lazyZodResolver<LatePaymentSettingsInput>(() =>
  import("@contract/late-payment-settings").then((m) => m.latePaymentSettingsInput),
);

/** The next reference date after the newest listed: 30 June, then 31 December. */
const nextReferenceDate = (rates: { on: string }[]) => {
  const newest = rates
    .map((r) => r.on)
    .sort()
    .at(-1);
  if (!newest) return "";
  const year = Number(newest.slice(0, 4));
  return newest.endsWith("-06-30") ? `${year}-12-31` : `${year + 1}-06-30`;
};

function Form({ settings, updatedAt, readOnly }: { settings: LatePaymentSettings; updatedAt: string | null; readOnly: boolean }) {
  const save = useSaveLatePaymentSettings();
  const { register, control, handleSubmit, setError, formState, getValues } = useForm({
    resolver: validation.resolver,
    defaultValues: { ...settings, updated_at: updatedAt } satisfies LatePaymentSettingsInput,
  });
  const { fields, prepend, remove } = useFieldArray({ control, name: "base_rates" });
  const onSubmit = handleSubmit((values) => save.mutate(values, { onError: (e) => applyFieldErrors(e, setError, ["base_rates"]) }));
  const errors = formState.errors.base_rates;
  return (
    <form onSubmit={onSubmit} onFocus={validation.prefetch} noValidate className="mt-4 space-y-4">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-brick-600" {...register("terms_set_own_rate")} disabled={readOnly} />
        <span>
          Our Terms set their own late-payment rate
          <span className="block text-xs text-slate-500">Then Add late-payment charge is not offered: charge what your Terms say.</span>
        </span>
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Bank of England Base Rates</legend>
        <p className="text-xs text-slate-500">
          The rate on 31 December applies to debts due from January to June; the rate on 30 June to those due from July to December.
        </p>
        {!readOnly && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => prepend({ on: nextReferenceDate(getValues("base_rates")), rate: null as unknown as number })}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add Rate
          </Button>
        )}
        <div className="space-y-2">
          {fields.map((row, i) => {
            const errorId = `late-rate-${row.id}-error`;
            const { invalid, message } = rowErrors(errorId, ["on", "rate"] as const, (key) => errors?.[i]?.[key]?.message);
            return (
              <div key={row.id} className="rounded-lg border border-slate-200 p-2" role="group" aria-label={`Rate ${i + 1}`}>
                <div className="flex flex-wrap items-end gap-2">
                  <label className="text-xs text-slate-600">
                    On
                    <input
                      type="date"
                      {...register(`base_rates.${i}.on`)}
                      {...invalid("on")}
                      readOnly={readOnly}
                      className={cn(inputClass, "mt-1 h-9")}
                    />
                  </label>
                  <label className="text-xs text-slate-600">
                    Rate (%)
                    <input
                      type="number"
                      step="0.01"
                      inputMode="decimal"
                      {...register(`base_rates.${i}.rate`, { valueAsNumber: true })}
                      {...invalid("rate")}
                      readOnly={readOnly}
                      className={cn(inputClass, "mt-1 h-9 w-28")}
                    />
                  </label>
                  {!readOnly && (
                    <Button variant="ghost" size="sm" aria-label={`Remove rate ${i + 1}`} onClick={() => remove(i)}>
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  )}
                </div>
                {message}
              </div>
            );
          })}
        </div>
        {errors?.root?.message && <p className="text-sm text-red-700">{errors.root.message}</p>}
        {errors?.message && <p className="text-sm text-red-700">{errors.message}</p>}
      </fieldset>
      {!readOnly && (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Late-Payment Settings"}
        </Button>
      )}
    </form>
  );
}

export function LatePaymentForm({ isOwner }: { isOwner: boolean }) {
  const { data } = useQuery(latePaymentSettingsQueryOptions());
  return (
    <SettingsPanel
      id="late-payment-settings"
      title="Late Payment"
      intro="A business client's overdue invoice can be charged the Late Payment Act's compensation and 8% over the base rate."
      isOwner={isOwner}
    >
      {data ? <Form key={data.updated_at ?? "new"} settings={data.settings} updatedAt={data.updated_at} readOnly={!isOwner} /> : null}
    </SettingsPanel>
  );
}
