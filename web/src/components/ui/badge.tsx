/** A small pill label (status, source, role). Pick a tone; the text stays readable (AA) on every tone. */
import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

export type BadgeTone = "slate" | "blue" | "indigo" | "violet" | "amber" | "orange" | "green" | "red" | "brick";

const tones: Record<BadgeTone, string> = {
  slate: "bg-slate-100 text-slate-700 ring-slate-300",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  indigo: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  violet: "bg-violet-50 text-violet-800 ring-violet-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-200",
  orange: "bg-orange-50 text-orange-900 ring-orange-200",
  green: "bg-green-50 text-green-800 ring-green-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  brick: "bg-brick-50 text-brick-800 ring-brick-200",
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = "slate", className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
