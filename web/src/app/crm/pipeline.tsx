/** /crm : the sales pipeline (the board arrives with the pipeline feature). */
import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "../../components/ui/button";
import type { RouteHandle } from "../../lib/page-meta";
import { AddLeadDialog } from "../../features/leads/components/add-lead-dialog";
import { ComingSoon, CrmPage } from "./components/crm-page";

export const handle: RouteHandle = { meta: () => ({ title: "Sales Pipeline – CRM", description: "The sales pipeline.", noindex: true }) };

export function Component() {
  const [adding, setAdding] = useState(false);
  return (
    <CrmPage
      title="Sales Pipeline"
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          New Lead
        </Button>
      }
    >
      <ComingSoon what="The pipeline board" />
      <AddLeadDialog open={adding} onOpenChange={setAdding} />
    </CrmPage>
  );
}
