/** A first, plain list of leads (the full table with filters and actions replaces it). */
import { useQuery } from "@tanstack/react-query";
import { formatDate, formatMoney } from "../../../lib/format";
import { leadsQueryOptions, type LeadFilters } from "../api/leads";

export function LeadsList({ filters }: { filters: LeadFilters }) {
  const { data, isPending, isError } = useQuery(leadsQueryOptions(filters));
  const filtered = !!(filters.q || filters.status);

  if (isPending)
    return (
      <ul aria-busy="true" aria-label="Loading leads" className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="h-16 animate-pulse bg-slate-50/60" />
        ))}
      </ul>
    );
  if (isError) return <p className="text-slate-600">Leads could not be loaded.</p>;
  if (data.leads.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {filtered ? "No leads match your filters" : "No leads found"}
      </p>
    );

  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {data.leads.map((lead) => (
        <li key={lead.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">{lead.name}</p>
            <p className="truncate text-sm text-slate-600">{[lead.company, lead.email].filter(Boolean).join(" · ") || "—"}</p>
          </div>
          <div className="flex items-center gap-4 text-sm text-slate-600">
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-700">{lead.status}</span>
            <span className="tabular-nums">{formatMoney(lead.value)}</span>
            <span className="hidden sm:inline">{formatDate(lead.created_at)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
