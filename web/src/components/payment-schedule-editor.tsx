/**
 * A payment schedule's instalments as a list of rows: a label, a share (a percentage or pounds),
 * when it falls due (a date for "On a date") and, for a proposal, the amount it comes to, worked
 * out as it is typed by the contract's one function, with a line under them saying whether it adds
 * up or by how much it is off (docs/decisions/0061-payment-schedules.md). The proposal dialog and
 * Settings' default schedule both use it; the default has no total, so it is percentages only and
 * has no dates.
 */
import { useId } from "react";
import { useFieldArray, useFormState, useWatch, type Control } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import {
  PAYMENT_INSTALMENTS_MAX,
  paymentDueLabels,
  paymentDues,
  scheduleAmounts,
  scheduleProblem,
  SCHEDULE_ADDS_UP,
  suggestedLabel,
  type PaymentDue,
  type ScheduleShare,
  type ShareKind,
} from "@contract/payment-schedule-values";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { rowErrors } from "@/components/ui/row-errors";
import { NativeSelect } from "@/components/ui/select-native";
import { cn } from "@/lib/cn";
import { formatMoney } from "@/lib/format";

/** A row as the form holds it: a share typed but not yet a number is null. */
export interface InstalmentRow {
  label: string;
  share_kind: ShareKind;
  share: number;
  due: PaymentDue;
  due_date?: string | null;
}
/** The forms that have a schedule: a proposal's, and the studio's default. */
export type WithSchedule = { payment_schedule?: InstalmentRow[]; default_payment_schedule?: InstalmentRow[] };
type RowField = "label" | "share" | "share_kind" | "due" | "due_date";

// The defaults arrive as numbers; typed values as strings.
const num = (v: unknown) => (v === null || v === undefined || String(v).trim() === "" ? null : Number(v));
const sharesOf = (rows: (Partial<InstalmentRow> | undefined)[]): ScheduleShare[] =>
  rows.map((r) => ({ share_kind: r?.share_kind ?? "percent", share: Number(r?.share) || 0 }));

/** A row to add: the next label, what is left of the total as its share, and the next step of a project as its due. */
function nextRow(rows: InstalmentRow[], total: number | null, percentOnly: boolean): InstalmentRow {
  const check = scheduleAmounts(sharesOf(rows), total);
  const inPounds = !percentOnly && rows.some((r) => r.share_kind === "amount");
  const left = inPounds ? check.off_by : Math.round((100 - check.percent) * 100) / 100;
  const used = new Set(rows.map((r) => r.due));
  const due: PaymentDue = !used.has("on_acceptance")
    ? "on_acceptance"
    : !used.has("on_launch_approval")
      ? "on_launch_approval"
      : "on_completion";
  return {
    label: suggestedLabel(rows.map((r) => r.label ?? "")),
    share_kind: inPounds ? "amount" : "percent",
    share: left > 0 ? left : (null as unknown as number),
    due,
    due_date: null,
  };
}

export function PaymentScheduleEditor({
  control,
  name,
  total,
  readOnly = false,
}: {
  control: Control<WithSchedule>;
  name: keyof WithSchedule;
  /** The proposal's total as typed (null with no lines); undefined for the studio's default, which has none. */
  total?: number | null;
  readOnly?: boolean;
}) {
  const id = useId();
  const isDefault = total === undefined;
  const { fields: rows, append, remove } = useFieldArray({ control, name });
  const typed = (useWatch({ control, name }) ?? []) as InstalmentRow[];
  const { errors, isSubmitted } = useFormState({ control, name });
  const scheduleErrors = errors[name];
  const check = scheduleAmounts(sharesOf(typed), total ?? null);
  const problem = scheduleProblem(check);
  const dues = isDefault ? paymentDues.filter((d) => d !== "on_date") : paymentDues;
  const statusId = `${id}-status`;
  // The form's own message for the whole list, unless the line below already says it.
  const listError = [scheduleErrors?.message, scheduleErrors?.root?.message].find((m) => m && m !== problem);

  return (
    <fieldset className="mt-4 space-y-2" aria-describedby={statusId}>
      <legend className="text-sm font-medium text-slate-800">{isDefault ? "Default Payment Schedule" : "Payment Schedule"}</legend>
      <p className="text-xs text-slate-500">
        {isDefault
          ? "Every new proposal starts with these instalments, in percentages of its total."
          : "Each instalment is a percentage of the total or an amount in pounds; pennies left by rounding go on the last."}
      </p>
      <div className="space-y-3">
        {rows.map((row, i) => {
          const at = <K extends RowField>(key: K) => `${name}.${i}.${key}` as const;
          const error = (key: RowField) => scheduleErrors?.[i]?.[key]?.message;
          const errorId = `${id}-${row.id}-error`;
          const { invalid, message } = rowErrors(errorId, ["label", "share", "share_kind", "due", "due_date"] as const, error);
          const r = typed[i];
          const amount = check.instalments[i]?.amount;
          return (
            <div
              key={row.id}
              role="group"
              aria-label={`Instalment ${i + 1}`}
              className="rounded-lg border border-slate-200 p-2"
              data-testid="schedule-row"
            >
              {/* Two lines, so that a phone and the dialog's narrow column show it whole: the label with the
                  amount it comes to, then its share and when it falls due. */}
              <div className="flex items-end gap-2">
                <label className="min-w-0 flex-1 text-xs text-slate-600">
                  Label
                  <input
                    {...control.register(at("label"))}
                    {...invalid("label")}
                    readOnly={readOnly}
                    maxLength={120}
                    className={cn(inputClass, "mt-1 h-9")}
                  />
                </label>
                {!isDefault && (
                  <p
                    className="w-24 shrink-0 pb-2 text-right text-sm font-medium text-slate-900 tabular-nums"
                    data-testid="schedule-amount"
                  >
                    <span className="sr-only">Amount </span>
                    {formatMoney(amount)}
                  </p>
                )}
                {!readOnly && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove instalment ${i + 1}`}
                    disabled={rows.length === 1}
                    onClick={() => remove(i)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </Button>
                )}
              </div>
              <div className="mt-2 grid grid-cols-1 items-end gap-2 min-[26rem]:grid-cols-[8.5rem_minmax(0,1fr)]">
                <div className="text-xs text-slate-600">
                  <span id={`${id}-${row.id}-share`}>Share</span>
                  <div className="mt-1 flex">
                    <input
                      {...control.register(at("share"), { setValueAs: num })}
                      {...invalid("share")}
                      aria-labelledby={`${id}-${row.id}-share`}
                      readOnly={readOnly}
                      type="number"
                      min={0}
                      step="0.01"
                      inputMode="decimal"
                      className={cn(inputClass, "h-9 min-w-0 px-2", !isDefault && "rounded-r-none")}
                    />
                    {isDefault ? (
                      <span className="flex items-center pl-1.5 text-sm text-slate-700" aria-hidden="true">
                        %
                      </span>
                    ) : (
                      <div className="w-[3.75rem] shrink-0">
                        <NativeSelect
                          {...control.register(at("share_kind"))}
                          {...invalid("share_kind")}
                          aria-label="Share in"
                          disabled={readOnly}
                          className="h-9 rounded-l-none border-l-0 pr-7 pl-2.5"
                        >
                          <option value="percent">%</option>
                          <option value="amount">£</option>
                        </NativeSelect>
                      </div>
                    )}
                  </div>
                </div>
                {/* Labelled by id, not by wrapping: a wrapping label would add the options' text to the select's name. */}
                <div className="text-xs text-slate-600">
                  <label htmlFor={`${id}-${row.id}-due`}>Due</label>
                  <div className="mt-1">
                    <NativeSelect
                      {...control.register(at("due"))}
                      {...invalid("due")}
                      id={`${id}-${row.id}-due`}
                      disabled={readOnly}
                      className="h-9"
                    >
                      {dues.map((d) => (
                        <option key={d} value={d}>
                          {paymentDueLabels[d]}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                </div>
                {r?.due === "on_date" && (
                  <label className="block max-w-48 text-xs text-slate-600 min-[26rem]:col-span-2">
                    Date
                    <input
                      {...control.register(at("due_date"))}
                      {...invalid("due_date")}
                      readOnly={readOnly}
                      type="date"
                      className={cn(inputClass, "mt-1 h-9")}
                    />
                  </label>
                )}
              </div>
              {message}
            </div>
          );
        })}
      </div>
      {listError && <p className="text-sm text-red-700">{listError}</p>}
      <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
        {!readOnly && (
          <Button
            variant="secondary"
            size="sm"
            disabled={rows.length >= PAYMENT_INSTALMENTS_MAX}
            onClick={() => append(nextRow(typed, total ?? null, isDefault))}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add Instalment
          </Button>
        )}
        <p
          id={statusId}
          role="status"
          className={cn("text-sm", problem ? (isSubmitted ? "text-red-700" : "text-amber-800") : "text-green-800")}
          data-testid="schedule-status"
        >
          {problem ?? (isDefault ? "Adds up to 100%" : SCHEDULE_ADDS_UP)}
        </p>
      </div>
    </fieldset>
  );
}
