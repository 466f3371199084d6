/**
 * Where the lead stands and what happens next: Status, Deal Value (only for Proposal Sent,
 * Negotiation, Won and Lost), Next Action, Follow-up Date and Notes. Add Lead and Edit Lead both
 * show them, below LeadContactFields.
 */
import { useWatch, type Control } from "react-hook-form";
import { leadStatuses, statusesWithValue, type LeadInput } from "@contract/lead";
import { DateField, MoneyField, OptionsField, TextareaField, TextField } from "@/components/ui/form-fields";

export function LeadProgressFields<TTransformed>({ control }: { control: Control<LeadInput, unknown, TTransformed> }) {
  const status = useWatch({ control, name: "status" });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <OptionsField control={control} name="status" label="Status" values={leadStatuses} />
        {status && statusesWithValue.includes(status) && <MoneyField control={control} name="value" label="Deal Value (£)" />}
        <TextField control={control} name="next_action" label="Next Action" autoComplete="off" />
        <DateField control={control} name="follow_up_date" label="Follow-up Date" />
      </div>
      <TextareaField control={control} name="notes" label="Notes" rows={4} />
    </>
  );
}
