/** /crm/tasks */
import type { RouteHandle } from "../../lib/page-meta";
import { ComingSoon, CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Tasks – CRM", description: "Tasks in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  return (
    <CrmPage title="Tasks">
      <ComingSoon what="Your tasks" />
    </CrmPage>
  );
}
