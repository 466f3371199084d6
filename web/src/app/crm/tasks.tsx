/** /crm/tasks */
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Plus } from "lucide-react";
import type { RouteHandle } from "@/lib/page-meta";
import { Button } from "@/components/ui/button";
import { useSessionUser } from "@/features/auth/api/session";
import { TaskBoard } from "@/features/tasks/components/task-board";
import { TaskDialog } from "@/features/tasks/components/task-dialog";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Tasks – CRM", description: "Tasks in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const [adding, setAdding] = useState(false);
  const user = useSessionUser();
  // ?mine=1 keeps the filter across reloads and links.
  const [params, setParams] = useSearchParams();
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
      <label className="mb-4 inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-brick-600"
          checked={mine}
          onChange={(e) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                if (e.target.checked) next.set("mine", "1");
                else next.delete("mine");
                return next;
              },
              { replace: true },
            )
          }
        />
        Mine
      </label>
      <TaskBoard userId={user.id} mineOnly={mine} />
      {adding && <TaskDialog open onOpenChange={setAdding} />}
    </CrmPage>
  );
}
