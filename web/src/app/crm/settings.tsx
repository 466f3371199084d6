/** /crm/settings */
import type { RouteHandle } from "../../lib/page-meta";
import { ComingSoon, CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Settings – CRM", description: "Settings in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  return (
    <CrmPage title="Settings">
      <ComingSoon what="Data export, import and user management" />
    </CrmPage>
  );
}
