/**
 * Line items as invoices and proposals both have them: description, quantity, unit price (VAT
 * included, docs/decisions/0005) and the line's amount, with the total worked out as they are typed.
 */
import { useFieldArray, useFormState, useWatch, type Control } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { lineAmount, linesTotal, type InvoiceLine } from "@contract/invoice";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { rowErrors } from "@/components/ui/row-errors";
import { cn } from "@/lib/cn";
import { formatMoney } from "@/lib/format";

/** A form with `lines`. */
export type WithLines = { lines?: InvoiceLine[] };
/** A new, empty line: its price is left for the user to type. */
export const emptyLine = () => ({ description: "", quantity: 1, unit_price: null as unknown as number });

/** The lines as a table: description, quantity, unit price, the line's amount; the total under them. */
export function LineItems({
  control,
  max,
  keepOne = false,
  testId,
  totalLabel = "Total",
}: {
  control: Control<WithLines>;
  max: number;
  /** An invoice always has a line; a proposal may have none yet. */
  keepOne?: boolean;
  /** Prefix of the rows' and total's test ids: `{testId}-line`, `{testId}-total`. */
  testId: string;
  totalLabel?: string;
}) {
  const { fields: rows, append, remove } = useFieldArray({ control, name: "lines" });
  const lines = useWatch({ control, name: "lines" }) ?? [];
  const { errors } = useFormState({ control, name: "lines" });
  const lineErrors = errors.lines;
  const priced = lines.map((l) => ({ quantity: Number(l?.quantity) || 0, unit_price: Number(l?.unit_price) || 0 }));
  // The defaults arrive as numbers (or null); typed values as strings.
  const num = (v: unknown) => (v === null || v === undefined || String(v).trim() === "" ? null : Number(v));
  const cell = (i: number, key: "description" | "quantity" | "unit_price") => lineErrors?.[i]?.[key]?.message;
  return (
    <fieldset className="mt-4 space-y-2">
      <legend className="text-sm font-medium text-slate-800">Line Items</legend>
      <p className="text-xs text-slate-500">Prices are what the client pays, VAT included.</p>
      <div className="space-y-3">
        {rows.map((row, i) => {
          const errorId = `${testId}-line-${row.id}-error`;
          const { invalid, message } = rowErrors(errorId, ["description", "quantity", "unit_price"] as const, (key) => cell(i, key));
          return (
            <div key={row.id} className="space-y-2 rounded-lg border border-slate-200 p-2" data-testid={`${testId}-line`}>
              {/* The description has the line's whole width and wraps as it grows, so what is typed stays readable. */}
              <label className="block text-xs text-slate-600">
                Description
                <textarea
                  {...control.register(`lines.${i}.description`)}
                  {...invalid("description")}
                  rows={2}
                  // One line of text: Enter would add a break the form turns into a space.
                  onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
                  className={cn(inputClass, "mt-1 h-auto min-h-9 resize-none py-1.5 field-sizing-content")}
                />
              </label>
              <div className="grid grid-cols-[4.5rem_minmax(0,1fr)_auto_auto] items-end gap-2 sm:grid-cols-[5rem_8rem_minmax(0,1fr)_auto]">
                {(["quantity", "unit_price"] as const).map((key) => (
                  <label key={key} className="text-xs text-slate-600">
                    {key === "quantity" ? "Qty" : "Unit Price (£)"}
                    <input
                      {...control.register(`lines.${i}.${key}`, { setValueAs: num })}
                      {...invalid(key)}
                      type="number"
                      min={0}
                      step={key === "quantity" ? "any" : "0.01"}
                      inputMode="decimal"
                      className={cn(inputClass, "mt-1 h-9")}
                    />
                  </label>
                ))}
                <p className="self-end pb-2 text-right text-sm font-medium text-slate-900 tabular-nums">
                  <span className="sr-only">Amount </span>
                  {formatMoney(lineAmount(priced[i] ?? { quantity: 0, unit_price: 0 }))}
                </p>
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-end"
                  aria-label={`Remove line ${i + 1}`}
                  disabled={keepOne && rows.length === 1}
                  onClick={() => remove(i)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
              {message}
            </div>
          );
        })}
      </div>
      {lineErrors?.message && <p className="text-sm text-red-700">{lineErrors.message}</p>}
      {lineErrors?.root?.message && <p className="text-sm text-red-700">{lineErrors.root.message}</p>}
      <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
        <Button variant="secondary" size="sm" disabled={rows.length >= max} onClick={() => append(emptyLine())}>
          <Plus className="size-4" aria-hidden="true" />
          Add Line
        </Button>
        <p className="text-sm">
          {totalLabel}{" "}
          <strong className="ml-1 text-base tabular-nums" data-testid={`${testId}-total`}>
            {formatMoney(linesTotal(priced))}
          </strong>
        </p>
      </div>
    </fieldset>
  );
}
