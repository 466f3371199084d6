/**
 * The Leads table. Filters run on the server (q, status); rows arrive 100 at a time and only the
 * visible ones are rendered (@tanstack/react-virtual), so 10,000 leads scroll smoothly.
 */
import { useEffect, useRef } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { elementScroll, useVirtualizer, type Rect, type Virtualizer, type VirtualizerOptions } from "@tanstack/react-virtual";
import { ArrowDown, ArrowUp, ArrowUpDown, Eye, Pencil, Trash2 } from "lucide-react";
import type { LeadSort } from "@contract/lead";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { leadsInfiniteOptions, personName, usersQueryOptions, type LeadFilters } from "@/features/leads/api/leads";
import { FollowUpBadge, LeadSourceBadge, LeadStatusBadge } from "./lead-badges";
import { useLeadDialogs } from "./lead-dialogs";

const ROW = 57;

function observeBoxAfterLayout(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  const box = instance.scrollElement;
  if (!box) return;
  const observer = new ResizeObserver(() => cb({ width: box.clientWidth, height: box.clientHeight }));
  observer.observe(box);
  return () => observer.disconnect();
}
/**
 * Scrolls the box as the default does, but for the virtualiser's first write to each box it attaches
 * (the first render's, and a new one after a filter's loading state): attaching, in layout effects,
 * it writes the offset it keeps, and at 0 that is where a freshly mounted box already is. The
 * scrollTo forced a layout of the whole page there (50 ms of the 940 ms to the Leads page's first
 * paint, measured on a desk).
 */
const written = new WeakSet<Element>();
const scrollAfterAttaching: VirtualizerOptions<HTMLDivElement, Element>["scrollToFn"] = (offset, options, instance) => {
  const box = instance.scrollElement;
  const first = box !== null && !written.has(box);
  if (box) written.add(box);
  if (first && offset + (options.adjustments ?? 0) === 0 && options.behavior === undefined) return;
  elementScroll(offset, options, instance);
};
const col = {
  company: "hidden md:table-cell",
  email: "hidden lg:table-cell",
  phone: "hidden xl:table-cell",
  source: "hidden lg:table-cell",
  created: "hidden md:table-cell",
  followUp: "hidden sm:table-cell",
  addedBy: "hidden 2xl:table-cell",
  // Kept in view at any width: the row's actions never need a sideways scroll.
  actions: "sticky right-0 shadow-[-8px_0_8px_-8px_rgb(15_23_42/0.15)]",
};
const COLUMNS = 10;
const th = "px-2 sm:px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase";
const td = "px-2 sm:px-4 py-3 text-sm text-slate-700";

/** The Follow-up header's button: soonest first, then latest first, then back to newest leads first. */
function FollowUpHeader({ sort, onSort }: { sort: LeadSort | undefined; onSort?: (sort: LeadSort | undefined) => void }) {
  const next = sort === "follow_up" ? "-follow_up" : sort === "-follow_up" ? undefined : "follow_up";
  const Icon = sort === "follow_up" ? ArrowUp : sort === "-follow_up" ? ArrowDown : ArrowUpDown;
  return (
    <th className={cn(th, col.followUp)} aria-sort={sort === "follow_up" ? "ascending" : sort === "-follow_up" ? "descending" : "none"}>
      <button
        type="button"
        className="inline-flex items-center gap-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brick-600"
        onClick={() => onSort?.(next)}
      >
        Follow-up
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </th>
  );
}

export function LeadsTable({ filters, onSort }: { filters: LeadFilters; onSort?: (sort: LeadSort | undefined) => void }) {
  const query = useInfiniteQuery(leadsInfiniteOptions(filters));
  const { data: names } = useQuery(usersQueryOptions());
  const dialogs = useLeadDialogs();
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = query.data?.pages.flatMap((p) => p.leads) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 10,
    // The box's size before it is measured: it is at most 70dvh tall (its class below), so the first
    // render already draws the rows in view. And measured by a ResizeObserver only, which reports
    // after the browser's own layout: the default reads clientHeight in a layout effect, forcing a
    // layout of the whole page mid-render and then rendering the rows a second time.
    initialRect: { width: window.innerWidth, height: Math.round(window.innerHeight * 0.7) },
    observeElementRect: observeBoxAfterLayout,
    scrollToFn: scrollAfterAttaching,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 20) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const filtered = !!(filters.q || filters.status || filters.follow_up);
  const head = (
    <thead className="sticky top-0 z-10 bg-slate-50">
      <tr>
        <th className={th}>Name</th>
        <th className={cn(th, col.company)}>Company</th>
        <th className={cn(th, col.email)}>Email</th>
        <th className={cn(th, col.phone)}>Phone</th>
        <th className={cn(th, col.source)}>Source</th>
        <th className={th}>Status</th>
        <th className={cn(th, col.created)}>Created</th>
        <FollowUpHeader sort={filters.sort} onSort={onSort} />
        <th className={cn(th, col.addedBy)}>Added By</th>
        <th className={cn(th, col.actions, "bg-slate-50 text-right")}>
          <span className="sr-only sm:not-sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );

  if (query.isPending)
    return (
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white" role="status" aria-label="Loading leads">
        <table className="w-full">
          {head}
          <tbody>
            {Array.from({ length: 6 }, (_, i) => (
              <tr key={i} className="border-t border-slate-100">
                <td className={td} colSpan={COLUMNS}>
                  <Skeleton className="h-6" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  if (query.isError)
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-10 text-center text-slate-600">
        Leads could not be loaded.{" "}
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (rows.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {filtered ? "No leads match your filters" : "No leads found"}
      </p>
    );

  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <p className="sr-only" aria-live="polite">
        {total} leads
      </p>
      <div ref={scrollRef} className="max-h-[70dvh] overflow-auto rounded-xl">
        <table className="w-full" aria-rowcount={total + 1}>
          {head}
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true">
                <td style={{ height: padTop }} colSpan={COLUMNS} />
              </tr>
            )}
            {items.map((item) => {
              const lead = rows[item.index];
              return (
                <tr
                  key={lead.id}
                  aria-rowindex={item.index + 2}
                  className="group border-t border-slate-100 hover:bg-slate-50"
                  style={{ height: ROW }}
                >
                  <td className={cn(td, "max-w-[7.5rem] truncate font-medium text-slate-900 sm:max-w-48")}>
                    <button
                      type="button"
                      className="block max-w-full truncate text-left hover:underline"
                      onClick={() => dialogs.openDetail(lead)}
                    >
                      {lead.name}
                    </button>
                  </td>
                  <td className={cn(td, col.company, "max-w-40 truncate")}>{lead.company ?? "—"}</td>
                  <td className={cn(td, col.email, "max-w-56 truncate")}>{lead.email ?? "—"}</td>
                  <td className={cn(td, col.phone, "whitespace-nowrap")}>{lead.phone ?? "—"}</td>
                  <td className={cn(td, col.source)}>{lead.source ? <LeadSourceBadge source={lead.source} /> : "—"}</td>
                  <td className={td}>
                    <LeadStatusBadge status={lead.status} />
                  </td>
                  <td className={cn(td, col.created, "whitespace-nowrap")}>{formatDate(lead.created_at)}</td>
                  <td className={cn(td, col.followUp, "whitespace-nowrap")}>
                    {lead.follow_up_date ? (
                      <span className="flex flex-col items-start gap-1 xl:flex-row xl:items-center">
                        {formatDate(lead.follow_up_date)} <FollowUpBadge lead={lead} />
                      </span>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className={cn(td, col.addedBy, "whitespace-nowrap")}>{personName(names, lead.added_by)}</td>
                  <td className={cn(td, col.actions, "bg-white text-right whitespace-nowrap group-hover:bg-slate-50")}>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 max-sm:hidden sm:size-9"
                      aria-label={`View ${lead.name}`}
                      onClick={() => dialogs.openDetail(lead)}
                    >
                      <Eye className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 sm:size-9"
                      aria-label={`Edit ${lead.name}`}
                      onClick={() => dialogs.openEdit(lead)}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-8 sm:size-9 text-red-700"
                      aria-label={`Delete ${lead.name}`}
                      onClick={() => dialogs.askDelete(lead)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              );
            })}
            {padBottom > 0 && (
              <tr aria-hidden="true">
                <td style={{ height: padBottom }} colSpan={COLUMNS} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
        {isFetchingNextPage ? "Loading more…" : `Showing ${rows.length} of ${total}`}
      </p>
    </div>
  );
}
