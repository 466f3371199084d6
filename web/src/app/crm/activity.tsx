/** /crm/activity */
import { useState } from "react";
import { Plus } from "lucide-react";
import type { RouteHandle } from "../../lib/page-meta";
import { Button } from "../../components/ui/button";
import { useSessionUser } from "../../features/auth/api/session";
import { ActivityFeed, LogActivityDialog } from "../../features/activity/components/activity-feed";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Activity – CRM", description: "The team's activity in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const user = useSessionUser();
  const [logging, setLogging] = useState(false);
  return (
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
      <ActivityFeed />
      {logging && <LogActivityDialog open onOpenChange={setLogging} userId={user.id} />}
    </CrmPage>
  );
}
