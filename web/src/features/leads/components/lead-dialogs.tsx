/**
 * One place that owns the lead dialogs (detail, edit, delete, Workflow Actions), so the board and
 * the table open them the same way: wrap a page in <LeadDialogsProvider> and call useLeadDialogs().
 */
import { createContext, use, useMemo, useState, type ReactNode } from "react";
import type { Lead } from "../../../../../contract/lead";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { toast } from "../../../lib/toast";
import { useDeleteLead } from "../api/leads";
import { EditLeadDialog } from "./edit-lead-dialog";
import { LeadDetailDialog } from "./lead-detail-dialog";
import { WorkflowActionsDialog, type WorkflowTrigger } from "./workflow-actions-dialog";

interface LeadDialogs {
  openDetail: (lead: Lead) => void;
  openEdit: (lead: Lead) => void;
  askDelete: (lead: Lead) => void;
  openWorkflow: (lead: { id: string; name: string }, trigger: WorkflowTrigger) => void;
}

const Ctx = createContext<LeadDialogs | null>(null);

export function useLeadDialogs(): LeadDialogs {
  const ctx = use(Ctx);
  if (!ctx) throw new Error("useLeadDialogs needs <LeadDialogsProvider>");
  return ctx;
}

type Open =
  | { kind: "detail" | "edit" | "delete"; lead: Lead }
  | { kind: "workflow"; lead: { id: string; name: string }; trigger: WorkflowTrigger }
  | null;

export function LeadDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  // Keep the last lead mounted while a dialog animates closed.
  const [last, setLast] = useState<Open>(null);
  const remove = useDeleteLead();
  const show = (o: Open) => {
    setOpen(o);
    setLast(o);
  };
  const api = useMemo<LeadDialogs>(
    () => ({
      openDetail: (lead) => show({ kind: "detail", lead }),
      openEdit: (lead) => show({ kind: "edit", lead }),
      askDelete: (lead) => show({ kind: "delete", lead }),
      openWorkflow: (lead, trigger) => show({ kind: "workflow", lead, trigger }),
    }),
    [],
  );
  const close = (o: boolean) => !o && setOpen(null);
  const current = open ?? last;
  const lead = current && current.kind !== "workflow" ? current.lead : null;

  return (
    <Ctx value={api}>
      {children}
      <LeadDetailDialog
        lead={current?.kind === "detail" ? lead : null}
        open={open?.kind === "detail"}
        onOpenChange={close}
        onEdit={api.openEdit}
      />
      <EditLeadDialog
        lead={current?.kind === "edit" ? lead : null}
        open={open?.kind === "edit"}
        onOpenChange={close}
        onStatusChanged={(saved, from, to) => api.openWorkflow(saved, { type: "status_change", from, to })}
      />
      <ConfirmDialog
        open={open?.kind === "delete"}
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
        open={open?.kind === "workflow"}
        onOpenChange={close}
        lead={current?.kind === "workflow" ? current.lead : null}
        trigger={current?.kind === "workflow" ? current.trigger : { type: "manual" }}
      />
    </Ctx>
  );
}
