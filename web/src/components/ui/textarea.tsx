/** A multi-line input matching Input's look; use inside <Field> like any control. */
import type { Ref, TextareaHTMLAttributes } from "react";
import { cn } from "@/lib/cn";
import { inputClass } from "./field";

export function Textarea({ className, ref, rows = 3, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea ref={ref} rows={rows} className={cn(inputClass, "h-auto min-h-20 py-2", className)} {...props} />;
}
