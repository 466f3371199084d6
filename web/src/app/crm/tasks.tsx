/** /crm/tasks */
import { useState } from "react";
import { Plus } from "lucide-react";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { TaskBoard } from "@/features/tasks/components/task-board";
import { TaskDialog } from "@/features/tasks/components/task-dialog";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Tasks – CRM", description: "Tasks in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const [adding, setAdding] = useState(false);
  return (
    <CrmPage
      title="Tasks"
      description="What the team has to do, soonest first."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          New Task
        </Button>
      }
    >
      <TaskBoard />
      {adding && <TaskDialog open onOpenChange={setAdding} />}
    </CrmPage>
  );
}
