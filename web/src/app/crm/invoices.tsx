/** /crm/invoices */
import type { RouteHandle } from "../../lib/page-meta";
import { ComingSoon, CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Invoices – CRM", description: "Invoices in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  return (
    <CrmPage title="Invoices">
      <ComingSoon what="Invoices" />
    </CrmPage>
  );
}
