/** /crm/clients/{id} */
import { useParams } from "react-router-dom";
import type { RouteHandle } from "../../lib/page-meta";
import { ClientDetailView } from "../../features/clients/components/client-detail-view";

export const handle: RouteHandle = {
  meta: () => ({ title: "Client – CRM", description: "A client in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const { id = "" } = useParams();
  return <ClientDetailView key={id} id={id} />;
}
