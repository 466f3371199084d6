/**
 * Create invoice from proposal (docs/decisions/0063): the Add Invoice dialog with the proposal's
 * lines copied and its client and project chosen, for anything its schedule does not raise by
 * itself. The client is the proposal's, else its project's (a lead's proposal, once converted).
 */
import { useQuery } from "@tanstack/react-query";
import { InvoiceDialog } from "./invoice-dialog";
import { projectForInvoiceQueryOptions, proposalForInvoiceQueryOptions } from "@/features/invoices/api/invoices";

export function InvoiceFromProposal({ proposalId, onClose }: { proposalId: string; onClose: () => void }) {
  const proposal = useQuery(proposalForInvoiceQueryOptions(proposalId)).data?.proposal;
  const projectId = proposal?.project_id ?? "";
  const project = useQuery(projectForInvoiceQueryOptions(projectId));
  if (!proposal || (projectId && !project.data && !project.isError)) return null;
  return (
    <InvoiceDialog
      open
      onOpenChange={(open) => !open && onClose()}
      from={{
        lines: proposal.lines,
        client_id: proposal.client_id ?? project.data?.project.client_id ?? "",
        project_id: projectId,
      }}
    />
  );
}
