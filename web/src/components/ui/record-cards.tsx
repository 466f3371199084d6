/**
 * A grid of record cards (proposals, invoices): the skeletons, error and empty text before there
 * are cards, and one card's shell — title, who it is for, status badge, four facts, actions.
 */
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Badge, type BadgeTone } from "./badge";
import { Button } from "./button";
import { Skeleton } from "./skeleton";
import { firstScreenOf, useDrawnInFull } from "@/lib/first-screen";

export interface RecordFact {
  label: string;
  value: ReactNode;
  /** The headline amount. */
  strong?: boolean;
  /** Across both columns: a value that, kept in whole parts, would not fit one on a small phone. */
  wide?: boolean;
}

export function RecordFacts({ facts, className }: { facts: RecordFact[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-2 gap-x-4 gap-y-2 text-sm", className)}>
      {facts.map((f) => (
        <div key={f.label} className={f.wide ? "col-span-2" : undefined}>
          <dt className="text-slate-500">{f.label}</dt>
          <dd className={f.strong ? "font-medium" : undefined}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RecordCard({
  testId,
  title,
  subtitle,
  note,
  status,
  tone,
  badge,
  facts,
  children,
}: {
  testId: string;
  title: string;
  subtitle: string;
  note?: string | null;
  status: string;
  /** A second badge beside the status: what kind of record it is, when that matters (a payment request). */
  badge?: string;
  tone: BadgeTone;
  facts: RecordFact[];
  /** The action buttons. */
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5" data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        {/* A title or a name can be one long word (an address, a link): it breaks rather than widen the page. */}
        <div className="min-w-0 wrap-anywhere">
          <h2 className="font-semibold">{title}</h2>
          <p className="text-sm text-slate-600">{subtitle}</p>
          {note && <p className="text-sm text-slate-500">{note}</p>}
        </div>
        <div className="flex flex-wrap justify-end gap-1">
          {badge && <Badge tone="amber">{badge}</Badge>}
          <Badge tone={tone}>{status}</Badge>
        </div>
      </div>
      <RecordFacts facts={facts} className="mt-4 flex-1" />
      <div className="mt-4 flex flex-wrap items-center justify-end gap-1">{children}</div>
    </li>
  );
}

/**
 * The list's query states, then the cards. `noun` is plural: "proposals". `emptyText` replaces
 * "No proposals yet." when `items` is a filtered list that some records did not match.
 */
export function RecordCards<T>({
  noun,
  query,
  items,
  emptyText = `No ${noun} yet.`,
  children,
}: {
  noun: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  items: T[] | undefined;
  emptyText?: string;
  children: (item: T) => ReactNode;
}) {
  const full = useDrawnInFull(items !== undefined);
  if (query.isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={`Loading ${noun}`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-48" />
        ))}
      </div>
    );
  if (query.isError || !items)
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        Could not load {noun}.{" "}
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (items.length === 0)
    return <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{emptyText}</div>;
  return <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{firstScreenOf(items, full).map(children)}</ul>;
}
