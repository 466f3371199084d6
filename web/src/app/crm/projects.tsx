/** /crm/projects */
import { useState } from "react";
import { Plus } from "lucide-react";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { ProjectBoard } from "@/features/projects/components/project-board";
import { useSessionUser } from "@/features/auth/api/session";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { CrmPage } from "./components/crm-page";
import { SearchFilterNotice, useSearchTerm } from "./components/search-filter";

const ProjectDialog = lazyDialog(() => import("@/features/projects/components/project-dialog").then((m) => m.ProjectDialog));

export const handle: RouteHandle = {
  meta: () => ({ title: "Projects – CRM", description: "Projects in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const { matches } = useSearchTerm();
  const [adding, setAdding] = useState(false);
  const isOwner = useSessionUser().role === "Owner";
  return (
    <CrmPage
      title="Projects"
      description="Drag a project to move it between stages."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          New Project
        </Button>
      }
    >
      <SearchFilterNotice noun="projects" />
      <ProjectBoard matches={matches} isOwner={isOwner} />
      {adding && <ProjectDialog open onOpenChange={setAdding} />}
    </CrmPage>
  );
}
