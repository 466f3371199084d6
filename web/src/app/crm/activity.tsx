/** /crm/activity */
import type { RouteHandle } from "../../lib/page-meta";
import { ComingSoon, CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Activity – CRM", description: "Activity Feed in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  return (
    <CrmPage title="Activity Feed">
      <ComingSoon what="Recent activity" />
    </CrmPage>
  );
}
