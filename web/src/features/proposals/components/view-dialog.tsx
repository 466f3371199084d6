/** A proposal's View dialog, loaded when first opened (proposals-list.tsx). */
import type { Proposal } from "@contract/proposal";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog";
import { RecordFacts } from "@/components/ui/record-cards";
import { proposalPreviewHref } from "@/features/proposals/api/proposals";
import { ProposalConversation } from "./conversation";
import { facts, tone } from "./proposal-facts";

/** View: the proposal's facts, the client's answer, and the questions asked on its page with a reply. */
export function ViewDialog({ proposal, onClose }: { proposal: Proposal; onClose: () => void }) {
  return (
    <DialogRoot open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={proposal.title} description={proposal.lead?.name ?? proposal.client?.name ?? "No lead or client"}>
        <div className="space-y-4">
          <Badge tone={tone[proposal.status]}>{proposal.status}</Badge>
          <RecordFacts facts={facts(proposal)} />
          {proposal.notes && <p className="text-sm whitespace-pre-line wrap-anywhere text-slate-700">{proposal.notes}</p>}
          <p className="text-sm">
            <a className="text-brick-700 underline" href={proposalPreviewHref(proposal.id)} target="_blank" rel="noopener">
              {proposal.response?.kind === "accepted" ? "Open the accepted version" : "Preview as the client sees it"}
            </a>
          </p>
          <ProposalConversation proposal={proposal} />
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Close</Button>
            </DialogClose>
          </div>
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
