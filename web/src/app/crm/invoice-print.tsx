/** /crm/invoices/{id}/print: the invoice as it prints on A4. */
import { useParams } from "react-router-dom";
import type { RouteHandle } from "@/lib/page-meta";
import { InvoicePrint } from "@/features/invoices/components/invoice-print";

export const handle: RouteHandle = {
  meta: () => ({ title: "Invoice – CRM", description: "A printable invoice.", noindex: true }),
};

export function Component() {
  const { id = "" } = useParams();
  return <InvoicePrint key={id} id={id} />;
}
