/** /crm : the sales pipeline board. */
import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { RouteHandle } from "@/lib/page-meta";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { LeadDialogsProvider } from "@/features/leads/components/lead-dialogs";
import { PipelineBoard } from "@/features/leads/components/pipeline/pipeline-board";
import { CrmPage } from "./components/crm-page";
import { Presence } from "@/components/presence";

export const handle: RouteHandle = { meta: () => ({ title: "Sales Pipeline – CRM", description: "The sales pipeline.", noindex: true }) };

const AddLeadDialog = lazyDialog(() => import("@/features/leads/components/add-lead-dialog").then((m) => m.AddLeadDialog));

export function Component() {
  const [adding, setAdding] = useState(false);
  return (
    <LeadDialogsProvider>
      <CrmPage
        title="Sales Pipeline"
        actions={
          <>
            <Presence viewing="pipeline" />
            <Button onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden="true" />
              New Lead
            </Button>
          </>
        }
      >
        <PipelineBoard />
        <AddLeadDialog open={adding} onOpenChange={setAdding} />
      </CrmPage>
    </LeadDialogsProvider>
  );
}
