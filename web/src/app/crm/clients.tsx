/** /crm/clients */
import type { RouteHandle } from "../../lib/page-meta";
import { ComingSoon, CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Clients – CRM", description: "Clients in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  return (
    <CrmPage title="Clients">
      <ComingSoon what="Your clients" />
    </CrmPage>
  );
}
