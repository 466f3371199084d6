/** /crm/tasks */
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Plus } from "lucide-react";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { useSessionUser } from "@/features/auth/api/session";
import { TaskBoard } from "@/features/tasks/components/task-board";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { CrmPage } from "./components/crm-page";
import { UrlFilterBox } from "./components/url-filter-box";

const TaskDialog = lazyDialog(() => import("@/features/tasks/components/task-dialog").then((m) => m.TaskDialog));

export const handle: RouteHandle = {
  meta: () => ({ title: "Tasks – CRM", description: "Tasks in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const [adding, setAdding] = useState(false);
  const user = useSessionUser();
  // ?mine=1 keeps the filter across reloads and links.
  const [params] = useSearchParams();
  const mine = params.get("mine") === "1";
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
      <div className="mb-4">
        <UrlFilterBox param="mine" value="1" label="Mine" />
      </div>
      <TaskBoard userId={user.id} mineOnly={mine} />
      {adding && <TaskDialog open onOpenChange={setAdding} />}
    </CrmPage>
  );
}
