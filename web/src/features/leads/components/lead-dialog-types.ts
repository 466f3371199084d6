/** What the lead dialogs' provider (lead-dialogs.tsx) and its lazily loaded host share. */
import type { Lead } from "@contract/lead";
import type { WorkflowTrigger } from "./workflow-actions-dialog";

export interface LeadDialogs {
  openDetail: (lead: Lead) => void;
  openEdit: (lead: Lead) => void;
  askDelete: (lead: Lead) => void;
  openWorkflow: (lead: { id: string; name: string }, trigger: WorkflowTrigger) => void;
}

export type Open =
  | { kind: "detail" | "edit" | "delete"; lead: Lead }
  | { kind: "workflow"; lead: { id: string; name: string }; trigger: WorkflowTrigger }
  | null;
