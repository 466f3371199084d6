/**
 * One Settings section: its heading, a line on what it does (and, for Sales, that only the Owner
 * changes it), then its form once its settings have loaded, a skeleton of about its height till then.
 */
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Skeleton } from "./skeleton";

export function SettingsPanel({
  id,
  title,
  intro,
  isOwner,
  skeletonClass = "h-28",
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  isOwner: boolean;
  skeletonClass?: string;
  /** The form, or null while its settings load: a skeleton stands in for it. */
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {intro}
        {!isOwner && " Only the Owner can change them."}
      </p>
      {children ?? <Skeleton className={cn("mt-4", skeletonClass)} />}
    </section>
  );
}
