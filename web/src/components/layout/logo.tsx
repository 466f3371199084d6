/** The studio's mark (a small brick bond, same as the favicon) and wordmark. */
import { Link } from "react-router-dom";
import { site } from "@/content/site";
import { cn } from "@/lib/cn";

export function BrickMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" fill="#b5352a" />
      <g fill="#fff">
        <rect x="6" y="8" width="9" height="4.5" rx="1" />
        <rect x="17" y="8" width="9" height="4.5" rx="1" />
        <rect x="6" y="14" width="3.5" height="4.5" rx="1" />
        <rect x="11.5" y="14" width="9" height="4.5" rx="1" />
        <rect x="22.5" y="14" width="3.5" height="4.5" rx="1" />
        <rect x="6" y="20" width="9" height="4.5" rx="1" />
        <rect x="17" y="20" width="9" height="4.5" rx="1" />
      </g>
    </svg>
  );
}

export function Logo({ className, onNavigate, tone = "dark" }: { className?: string; onNavigate?: () => void; tone?: "dark" | "light" }) {
  return (
    <Link
      to="/"
      onClick={onNavigate}
      aria-label={`${site.name} home`}
      className={cn("inline-flex items-center gap-2.5 rounded-md", className)}
    >
      <BrickMark className="size-8" />
      <span className={cn("font-display text-lg font-bold tracking-tight whitespace-nowrap", tone === "dark" ? "text-ink" : "text-white")}>
        Redbrick<span className={tone === "dark" ? "text-brick-600" : "text-brick-300"}> Studio</span>
      </span>
    </Link>
  );
}
