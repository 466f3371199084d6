/** A loading indicator that screen readers announce once. */
import { icon } from "./icons";

const LoaderCircle = /* @__PURE__ */ icon(<path d="M21 12a9 9 0 1 1-6.219-8.56" />);
import { cn } from "@/lib/cn";

export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2 text-slate-600", className)}>
      <LoaderCircle className="size-6 animate-spin text-brick-600" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
