/** /crm/credit-notes/{id}/print: a credit note as it prints on A4. */
import { useParams } from "react-router-dom";
import type { RouteHandle } from "@/lib/page-meta";
import { CreditNotePrint } from "@/features/invoices/components/credit-note-print";

export const handle: RouteHandle = {
  meta: () => ({ title: "Credit Note – CRM", description: "A printable credit note.", noindex: true }),
};

export function Component() {
  const { id = "" } = useParams();
  return <CreditNotePrint key={id} id={id} />;
}
