/**
 * Share a proposal with its client: the one share dialog (components/share-link-dialog.tsx) in the
 * proposal's words, with its Share and Revoke calls and the e-mail that sends the link.
 */
import type { Proposal } from "@contract/proposal";
import { ShareLinkDialog } from "@/components/share-link-dialog";
import { useRevokeProposalLink, useShareProposal } from "@/features/proposals/api/proposals";

export function ShareDialog({ proposal, onClose }: { proposal: Proposal; onClose: () => void }) {
  const share = useShareProposal();
  const revoke = useRevokeProposalLink();
  const party = proposal.client?.name ?? proposal.lead?.name;
  return (
    <ShareLinkDialog
      noun="proposal"
      name={proposal.title}
      status={proposal.status}
      share={proposal.share}
      description="A link to the proposal's own page, for the client to read."
      intro="The client reads the proposal on its own page, which prints and saves as a PDF."
      createLink={() => share.mutateAsync(proposal.id).then(({ url, proposal: now }) => ({ url, status: now.status }))}
      creating={share.isPending}
      revokeLink={() => revoke.mutateAsync(proposal.id)}
      revoking={revoke.isPending}
      email={(url) => ({
        subject: `Proposal: ${proposal.title}`,
        body: `Hello${party ? ` ${party}` : ""},\n\nHere is our proposal, ${proposal.title}:\n${url}\n\nIt opens in your browser and can be printed or saved as a PDF. Any questions, just reply.\n`,
      })}
      onClose={onClose}
    />
  );
}
