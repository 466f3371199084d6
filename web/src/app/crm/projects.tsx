/** /crm/projects */
import type { RouteHandle } from "../../lib/page-meta";
import { ComingSoon, CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Projects – CRM", description: "Projects in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  return (
    <CrmPage title="Projects">
      <ComingSoon what="The projects board" />
    </CrmPage>
  );
}
