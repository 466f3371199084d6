/** /crm/proposals */
import type { RouteHandle } from "../../lib/page-meta";
import { ComingSoon, CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Proposals – CRM", description: "Proposals in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  return (
    <CrmPage title="Proposals">
      <ComingSoon what="Proposals" />
    </CrmPage>
  );
}
