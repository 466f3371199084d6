/** /crm/proposals */
import { useState } from "react";
import { Plus } from "lucide-react";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { ProposalsList } from "@/features/proposals/components/proposals-list";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { CrmPage } from "./components/crm-page";
import { SearchFilterNotice, useSearchTerm } from "./components/search-filter";

const ProposalDialog = lazyDialog(() => import("@/features/proposals/components/proposal-dialog").then((m) => m.ProposalDialog));

export const handle: RouteHandle = {
  meta: () => ({ title: "Proposals – CRM", description: "Proposals in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const { matches } = useSearchTerm();
  const [adding, setAdding] = useState(false);
  return (
    <CrmPage
      title="Proposals"
      description="Proposals sent to leads and clients."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          New Proposal
        </Button>
      }
    >
      <SearchFilterNotice noun="proposals" />
      <ProposalsList matches={matches} />
      {adding && <ProposalDialog open onOpenChange={setAdding} />}
    </CrmPage>
  );
}
