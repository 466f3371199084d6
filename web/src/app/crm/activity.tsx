/**
 * /crm/activity : the feed, where a related lead's name opens that lead's dialog in place. Its
 * filters live in the URL (?type=, ?who=), so a link, back and forward keep them, and the worker
 * inlines the first page for them (contract/crm-boot.ts).
 */
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { activityTypes, type ActivityType } from "@contract/activity-values";
import { Plus } from "lucide-react";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { useSessionUser } from "@/features/auth/api/session";
import type { ActivityFilters } from "@/features/activity/api/activities";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { ActivityFeed, ActivityFilterBar } from "@/features/activity/components/activity-feed";
import { leadQueryOptions } from "@/features/leads/api/leads";
import { LeadDialogsProvider, useLeadDialogs } from "@/features/leads/components/lead-dialogs";
import { CrmPage } from "./components/crm-page";
import { useSetSearchParam } from "./components/url-filter-box";

const LogActivityDialog = lazyDialog(() => import("@/features/activity/components/log-activity-dialog").then((m) => m.LogActivityDialog));

export const handle: RouteHandle = {
  meta: () => ({ title: "Activity – CRM", description: "The team's activity in the Redbrick Studio CRM.", noindex: true }),
};

function Feed({ filters }: { filters: ActivityFilters }) {
  const queryClient = useQueryClient();
  const { openDetail } = useLeadDialogs();
  // The lead is fetched by id (its query's error toast covers a lead deleted meanwhile).
  return (
    <ActivityFeed
      filters={filters}
      onOpenLead={(id) => void queryClient.fetchQuery(leadQueryOptions(id)).then(openDetail, () => undefined)}
    />
  );
}

/** The filters in the URL; an unknown type is ignored, as contract/crm-boot.ts ignores it. */
function useFilters(): [ActivityFilters, (name: keyof ActivityFilters, value: string) => void] {
  const [params] = useSearchParams();
  const type = params.get("type") ?? "";
  const filters: ActivityFilters = {
    type: (activityTypes as readonly string[]).includes(type) ? (type as ActivityType) : undefined,
    who: params.get("who") || undefined,
  };
  const set: (name: keyof ActivityFilters, value: string) => void = useSetSearchParam();
  return [filters, set];
}

export function Component() {
  const user = useSessionUser();
  const [logging, setLogging] = useState(false);
  const [filters, setFilter] = useFilters();
  return (
    <LeadDialogsProvider>
      <CrmPage
        title="Activity Feed"
        description="Calls, e-mails, meetings and notes, newest first."
        actions={
          <Button onClick={() => setLogging(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Log Activity
          </Button>
        }
      >
        <ActivityFilterBar filters={filters} onChange={setFilter} />
        <Feed filters={filters} />
        {logging && <LogActivityDialog open onOpenChange={setLogging} userId={user.id} />}
      </CrmPage>
    </LeadDialogsProvider>
  );
}
