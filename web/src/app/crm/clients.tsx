/** /crm/clients */
import { useState } from "react";
import { Plus } from "lucide-react";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { ClientsTable } from "@/features/clients/components/clients-table";
import { CrmPage } from "./components/crm-page";
import { SearchFilterNotice, useSearchTerm } from "./components/search-filter";

const AddClientDialog = lazyDialog(() => import("@/features/clients/components/client-dialogs").then((m) => m.AddClientDialog));

export const handle: RouteHandle = {
  meta: () => ({ title: "Clients – CRM", description: "Clients in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const { matches } = useSearchTerm();
  const [adding, setAdding] = useState(false);
  return (
    <CrmPage
      title="Clients"
      description="Everyone the studio works for."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          Add Client
        </Button>
      }
    >
      <SearchFilterNotice noun="clients" />
      <ClientsTable matches={matches} />
      <AddClientDialog open={adding} onOpenChange={setAdding} />
    </CrmPage>
  );
}
