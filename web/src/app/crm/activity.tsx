/** /crm/activity : the feed, where a related lead's name opens that lead's dialog in place. */
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { useSessionUser } from "@/features/auth/api/session";
import { ActivityFeed, LogActivityDialog } from "@/features/activity/components/activity-feed";
import { leadQueryOptions } from "@/features/leads/api/leads";
import { LeadDialogsProvider, useLeadDialogs } from "@/features/leads/components/lead-dialogs";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Activity – CRM", description: "The team's activity in the Redbrick Studio CRM.", noindex: true }),
};

function Feed() {
  const queryClient = useQueryClient();
  const { openDetail } = useLeadDialogs();
  // The lead is fetched by id (its query's error toast covers a lead deleted meanwhile).
  return <ActivityFeed onOpenLead={(id) => void queryClient.fetchQuery(leadQueryOptions(id)).then(openDetail, () => undefined)} />;
}

export function Component() {
  const user = useSessionUser();
  const [logging, setLogging] = useState(false);
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
        <Feed />
        {logging && <LogActivityDialog open onOpenChange={setLogging} userId={user.id} />}
      </CrmPage>
    </LeadDialogsProvider>
  );
}
