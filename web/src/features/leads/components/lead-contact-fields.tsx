/** Who the lead is and how they found us: the fields Add Lead and Edit Lead both start with. */
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { leadSources, type LeadInput } from "../../../../../contract/lead";
import { Field, Input } from "../../../components/ui/field";
import { NativeOptions, NativeSelect } from "../../../components/ui/select-native";
import { textOrNull } from "../../../lib/form-values";

export function LeadContactFields({ register, errors }: { register: UseFormRegister<LeadInput>; errors: FieldErrors<LeadInput> }) {
  return (
    <>
      <Field label="Name" error={errors.name?.message} required>
        {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Company" error={errors.company?.message}>
          {(p) => <Input {...p} {...register("company")} autoComplete="off" />}
        </Field>
        <Field label="Source" error={errors.source?.message}>
          {(p) => (
            <NativeSelect {...p} {...register("source", { setValueAs: textOrNull })}>
              <option value="">Choose a source</option>
              <NativeOptions values={leadSources} />
            </NativeSelect>
          )}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(p) => <Input {...p} {...register("email")} type="email" autoComplete="off" />}
        </Field>
        <Field label="Phone" error={errors.phone?.message}>
          {(p) => <Input {...p} {...register("phone")} type="tel" autoComplete="off" />}
        </Field>
      </div>
    </>
  );
}
