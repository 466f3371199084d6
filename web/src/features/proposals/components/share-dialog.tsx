/**
 * Share a proposal with its client: the one share dialog (components/share-link-dialog.tsx) in the
 * proposal's words, with its Share, Send and Revoke calls, the message offered for the e-mail the
 * CRM sends, and the one the studio sends itself.
 */
import { greetingFor } from "@contract/greeting";
import type { Proposal } from "@contract/proposal";
import { ShareLinkDialog } from "@/components/share-link-dialog";
import { useEmailProposalLink, useRevokeProposalLink, useShareProposal } from "@/features/proposals/api/proposals";

export function ShareDialog({ proposal, onClose }: { proposal: Proposal; onClose: () => void }) {
  const share = useShareProposal();
  const send = useEmailProposalLink();
  const revoke = useRevokeProposalLink();
  // The CRM's own e-mail greets them itself; this is for the one the studio sends from its own mail.
  const hello = greetingFor(proposal.lead?.name ?? proposal.client?.name);
  return (
    <ShareLinkDialog
      noun="proposal"
      name={proposal.title}
      status={proposal.status}
      share={proposal.share}
      description="A link to the proposal's own page, for the client to read."
      intro="The client reads the proposal on its own page, which prints and saves as a PDF."
      recipient={proposal.contact_email}
      message="Thank you for your time. Here is our proposal for you to read. Any questions, just reply to this e-mail."
      createLink={() => share.mutateAsync(proposal.id).then(({ url, proposal: now }) => ({ url, status: now.status }))}
      creating={share.isPending}
      emailLink={(input) =>
        send.mutateAsync({ id: proposal.id, input }).then(({ url, proposal: now, email }) => ({ url, status: now.status, email }))
      }
      emailing={send.isPending}
      revokeLink={() => revoke.mutateAsync(proposal.id)}
      revoking={revoke.isPending}
      email={(url) => ({
        subject: `Proposal: ${proposal.title}`,
        body: `${hello}\n\nHere is our proposal, ${proposal.title}:\n${url}\n\nIt opens in your browser and can be printed or saved as a PDF. Any questions, just reply.\n`,
      })}
      onClose={onClose}
    />
  );
}
