/** /crm/invoices */
import { useState } from "react";
import { Plus } from "lucide-react";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { InvoicesList } from "@/features/invoices/components/invoices-list";
import { InvoiceDialog } from "@/features/invoices/components/invoice-dialog";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Invoices – CRM", description: "Invoices in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const [adding, setAdding] = useState(false);
  return (
    <CrmPage
      title="Invoices"
      description="Invoices and what is owed."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          New Invoice
        </Button>
      }
    >
      <InvoicesList />
      {adding && <InvoiceDialog open onOpenChange={setAdding} />}
    </CrmPage>
  );
}
