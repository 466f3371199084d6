/** A styled native <select>: accessible everywhere, and light enough for simple pickers. */
import type { Ref, SelectHTMLAttributes } from "react";
import { ChevronDown } from "./icons";
import { cn } from "@/lib/cn";
import { inputClass } from "./field";

export function NativeSelect({
  className,
  children,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <div className="relative">
      <select ref={ref} className={cn(inputClass, "appearance-none pr-9", className)} {...props}>
        {children}
      </select>
      <ChevronDown className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
    </div>
  );
}

/** One <option> per value, the value as its text. */
/** One option per value; `labels` names a value where its stored form is not for reading ("StatusChange"). */
export function NativeOptions({ values, labels }: { values: readonly string[]; labels?: Readonly<Record<string, string>> }) {
  return values.map((v) => (
    <option key={v} value={v}>
      {labels?.[v] ?? v}
    </option>
  ));
}
