/** /crm/dashboard : the studio at a glance. Its first data comes inline with the page and live changes refresh it. */
import { useQuery } from "@tanstack/react-query";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { dashboardQueryOptions } from "@/features/dashboard/api/dashboard";
import { CashTiles, DashboardTiles } from "@/features/dashboard/components/dashboard-tiles";
import { FunnelChart, OriginChart, RevenueChart } from "@/features/dashboard/components/charts";
import { DashboardLists } from "@/features/dashboard/components/dashboard-lists";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Dashboard – CRM", description: "The Redbrick Studio CRM dashboard.", noindex: true }),
};

export function Component() {
  const query = useQuery(dashboardQueryOptions);
  return (
    <CrmPage title="Dashboard" description="The pipeline, what has been won and what needs doing today.">
      {query.isPending ? (
        <div role="status" aria-label="Loading the dashboard" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : query.isError ? (
        <div role="alert" className="rounded-xl border border-slate-200 bg-white p-10 text-center text-slate-600">
          The dashboard could not be loaded.{" "}
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-6">
          <DashboardTiles tiles={query.data.tiles} />
          <CashTiles cash={query.data.cash} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <RevenueChart revenue={query.data.revenue} today={query.data.today} />
            <FunnelChart funnel={query.data.funnel} conversion={query.data.conversion} />
            <OriginChart
              heading="Leads by source"
              noun="Source"
              rows={query.data.sources.map((r) => ({ ...r, label: r.source ?? "Not recorded" }))}
              empty="No leads yet: their sources will show here."
            />
            <OriginChart
              heading="Leads by campaign"
              noun="Campaign"
              rows={query.data.campaigns.map((r) => ({ ...r, label: r.campaign }))}
              empty="No enquiries have come from a tagged campaign (utm_campaign) yet."
            />
          </div>
          <DashboardLists lists={query.data.lists} />
        </div>
      )}
    </CrmPage>
  );
}
