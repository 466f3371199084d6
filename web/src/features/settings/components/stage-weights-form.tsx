/** The weighted forecast's chance of winning at each open stage (Owner edits; Sales reads). */
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { StageWeights, StageWeightsInput } from "@contract/settings";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { SettingsPanel } from "@/components/ui/settings-panel";
import { applyFieldErrors } from "@/lib/form-errors";
import { stageWeightsQueryOptions, useSaveStageWeights } from "@/features/settings/api/settings";

const STAGES = ["New", "Qualified", "Proposal Sent", "Negotiation"] as const satisfies readonly (keyof StageWeights)[];
const FIELDS = STAGES.map((s) => `weights.${s}` as const);

/** zod and the contract's schema load when the form is first used, not with the page (docs/decisions/0026-crm-first-render.md). */
const validation = lazyZodResolver<StageWeightsInput>(() => import("@contract/settings").then((m) => m.stageWeightsInput));

function Form({ weights, updatedAt, readOnly }: { weights: StageWeights; updatedAt: string | null; readOnly: boolean }) {
  const save = useSaveStageWeights();
  const defaults: StageWeightsInput = { weights, updated_at: updatedAt };
  const { register, handleSubmit, setError, formState } = useForm({ resolver: validation.resolver, defaultValues: defaults });
  const onSubmit = handleSubmit((values) => save.mutate(values, { onError: (e) => applyFieldErrors(e, setError, FIELDS) }));
  return (
    <form onSubmit={onSubmit} onFocus={validation.prefetch} noValidate className="mt-4 space-y-4">
      <div className="grid grid-cols-2 gap-4">
        {STAGES.map((stage) => (
          <Field key={stage} label={`${stage} (%)`} error={formState.errors.weights?.[stage]?.message}>
            {(p) => (
              <Input
                {...p}
                {...register(`weights.${stage}`, { setValueAs: (v: string) => (v === "" ? undefined : Number(v)) })}
                type="number"
                min={0}
                max={100}
                step={1}
                inputMode="numeric"
                readOnly={readOnly}
                className="max-w-28"
              />
            )}
          </Field>
        ))}
      </div>
      {!readOnly && (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save Stage Weights"}
        </Button>
      )}
    </form>
  );
}

export function StageWeightsForm({ isOwner }: { isOwner: boolean }) {
  const { data } = useQuery(stageWeightsQueryOptions());
  return (
    <SettingsPanel
      id="stage-weights"
      title="Forecast Stage Weights"
      intro="The chance of winning a lead at each stage, from 0 to 100%. The dashboard's weighted forecast counts each open lead's value at its stage's weight."
      isOwner={isOwner}
      skeletonClass="h-40"
    >
      {data ? <Form key={data.updated_at ?? "new"} weights={data.weights} updatedAt={data.updated_at} readOnly={!isOwner} /> : null}
    </SettingsPanel>
  );
}
