/** Who the lead is and how they found us: the fields Add Lead and Edit Lead both start with. */
import type { Control } from "react-hook-form";
import { leadSources, type LeadInput } from "@contract/lead";
import { OptionsField, TextField } from "@/components/ui/form-fields";

export function LeadContactFields<TTransformed>({ control }: { control: Control<LeadInput, unknown, TTransformed> }) {
  return (
    <>
      <TextField control={control} name="name" label="Name" required autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="company" label="Company" autoComplete="off" />
        <OptionsField control={control} name="source" label="Source" values={leadSources} emptyOption="Choose a source" />
        <TextField control={control} name="email" label="Email" type="email" autoComplete="off" />
        <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="off" />
      </div>
    </>
  );
}
