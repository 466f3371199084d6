/** The lead dialogs themselves (detail, edit, delete, Workflow Actions), loaded the first time one opens (lead-dialogs.tsx). */
import type { Lead } from "@contract/lead";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/lib/toast";
import { useDeleteLead } from "@/features/leads/api/leads";
import { EditLeadDialog } from "./edit-lead-dialog";
import { LeadDetailDialog } from "./lead-detail-dialog";
import { WorkflowActionsDialog } from "./workflow-actions-dialog";
import type { LeadDialogs, Open } from "./lead-dialog-types";

export function LeadDialogsHost({
  open,
  current,
  close,
  api,
}: {
  open: boolean;
  current: Open;
  close: (open: boolean) => void;
  api: LeadDialogs;
}) {
  const remove = useDeleteLead();
  const showing = open ? current : null;
  const lead: Lead | null = current && current.kind !== "workflow" ? current.lead : null;
  return (
    <>
      <LeadDetailDialog
        lead={current?.kind === "detail" ? lead : null}
        open={showing?.kind === "detail"}
        onOpenChange={close}
        onEdit={api.openEdit}
      />
      <EditLeadDialog
        lead={current?.kind === "edit" ? lead : null}
        open={showing?.kind === "edit"}
        onOpenChange={close}
        onStatusChanged={(saved, from, to) => api.openWorkflow(saved, { type: "status_change", from, to })}
      />
      <ConfirmDialog
        open={showing?.kind === "delete"}
        onOpenChange={close}
        title="Delete Lead"
        description={current?.kind === "delete" ? `Are you sure you want to delete "${current.lead.name}"?` : ""}
        onConfirm={() =>
          current?.kind === "delete"
            ? remove.mutateAsync(current.lead.id).then(() => toast.success("Lead deleted successfully"))
            : undefined
        }
      />
      <WorkflowActionsDialog
        open={showing?.kind === "workflow"}
        onOpenChange={close}
        lead={current?.kind === "workflow" ? current.lead : null}
        trigger={current?.kind === "workflow" ? current.trigger : { type: "manual" }}
      />
    </>
  );
}
