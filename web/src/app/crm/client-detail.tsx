/** /crm/clients/{id}: the client's details and activity, and under them the client's preview feedback. */
import { useState } from "react";
import { useParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import type { RouteHandle } from "@/lib/page-meta";
import { ClientDetailView } from "@/features/clients/components/client-detail-view";
import { PreviewFeedbackSection } from "@/features/preview-feedback/components/preview-feedback-section";
import { RecurringInvoicesSection } from "@/features/retainers/components/recurring-invoices-section";
import type { TaskDraft } from "@/features/tasks/components/add-task-dialog";
import { usersQueryOptions } from "@/features/leads/api/leads";
import { lazyDialog } from "@/components/ui/lazy-dialog";

const AddTaskDialog = lazyDialog(() => import("@/features/tasks/components/add-task-dialog").then((m) => m.AddTaskDialog));

export const handle: RouteHandle = {
  meta: () => ({ title: "Client – CRM", description: "A client in the Redbrick Studio CRM.", noindex: true }),
};

export function Component() {
  const { id = "" } = useParams();
  return <ClientPage key={id} id={id} />;
}

// Features do not import each other: the page puts the client, its feedback, the staff's names and the task dialog together.
function ClientPage({ id }: { id: string }) {
  const [taskDraft, setTaskDraft] = useState<TaskDraft | null>(null);
  const { data: names } = useQuery(usersQueryOptions());
  return (
    <>
      <ClientDetailView
        id={id}
        names={names}
        feedback={<PreviewFeedbackSection clientId={id} onCreateTask={setTaskDraft} />}
        retainers={<RecurringInvoicesSection clientId={id} />}
      />
      <AddTaskDialog open={taskDraft !== null} onOpenChange={(open) => !open && setTaskDraft(null)} draft={taskDraft ?? undefined} />
    </>
  );
}
