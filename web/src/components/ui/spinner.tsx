/** A loading indicator that screen readers announce once. */
import { Loader2 } from "lucide-react";
import { cn } from "../../lib/cn";

export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2 text-slate-600", className)}>
      <Loader2 className="size-6 animate-spin text-brick-600" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
