/** /crm/leads : leads, filtered by ?q= (the global search sends its term here). */
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Plus } from "lucide-react";
import { Button } from "../../components/ui/button";
import type { RouteHandle } from "../../lib/page-meta";
import { AddLeadDialog } from "../../features/leads/components/add-lead-dialog";
import { LeadsList } from "../../features/leads/components/leads-list";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Leads – CRM", description: "Leads in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const [params] = useSearchParams();
  const q = params.get("q") ?? undefined;
  const [adding, setAdding] = useState(false);
  return (
    <CrmPage
      title="Leads"
      description={q ? `Matching "${q}"` : undefined}
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          New Lead
        </Button>
      }
    >
      <LeadsList filters={{ q }} />
      <AddLeadDialog open={adding} onOpenChange={setAdding} />
    </CrmPage>
  );
}
