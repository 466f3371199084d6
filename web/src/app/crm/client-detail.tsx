/** /crm/clients/{id} */
import { Link } from "react-router-dom";
import { ArrowLeft } from "lucide-react";
import type { RouteHandle } from "../../lib/page-meta";
import { ComingSoon, CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Client – CRM", description: "A client in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  return (
    <>
      <Link to="/crm/clients" className="mb-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brick-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Clients
      </Link>
      <CrmPage title="Client">
        <ComingSoon what="The client's details and projects" />
      </CrmPage>
    </>
  );
}
