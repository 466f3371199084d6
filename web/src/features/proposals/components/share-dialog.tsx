/**
 * Share a proposal with its client: a link to the proposal's own page, which only this dialog
 * ever shows (the worker keeps its hash). The studio sends it: Copy link, or Open in e-mail with
 * the subject and a short message filled in (send_email reaches only verified addresses).
 */
import { useState } from "react";
import { Copy, Mail } from "lucide-react";
import { mailtoLink } from "@contract/mailto";
import type { Proposal } from "@contract/proposal";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { formatDate, formatDateTime } from "@/lib/format";
import { copyText } from "@/lib/copy-text";
import { toast } from "@/lib/toast";
import { useRevokeProposalLink, useShareProposal } from "@/features/proposals/api/proposals";

const times = (n: number) => (n === 1 ? "1 time" : `${n} times`);

export function ShareDialog({ proposal, onClose }: { proposal: Proposal; onClose: () => void }) {
  const share = useShareProposal();
  const revoke = useRevokeProposalLink();
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<"new" | "revoke" | null>(null);
  const makeLink = () =>
    share.mutateAsync(proposal.id).then(({ url: made, proposal: now }) => {
      setUrl(made);
      toast.success(now.status === "Sent" && proposal.status === "Draft" ? "Link created; the proposal is now Sent" : "Link created");
    });
  const copy = () => copyText(url!, { copied: "Link copied", what: "link" });
  const party = proposal.client?.name ?? proposal.lead?.name;
  const mail = url
    ? mailtoLink("", {
        subject: `Proposal: ${proposal.title}`,
        body: `Hello${party ? ` ${party}` : ""},\n\nHere is our proposal, ${proposal.title}:\n${url}\n\nIt opens in your browser and can be printed or saved as a PDF. Any questions, just reply.\n`,
      })
    : null;

  return (
    <DialogRoot open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={`Share ${proposal.title}`} description="A link to the proposal's own page, for the client to read.">
        <div className="space-y-4 text-sm">
          {url ? (
            <>
              <Field label="Link to the proposal" hint="Copy it now: it is shown only this once. Anyone with it can read the proposal.">
                {(p) => <Input {...p} readOnly value={url} className="font-mono" onFocus={(e) => e.currentTarget.select()} />}
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => void copy()}>
                  <Copy className="size-4" aria-hidden="true" />
                  Copy link
                </Button>
                <a href={mail!} className={buttonClass("secondary")}>
                  <Mail className="size-4" aria-hidden="true" />
                  Open in e-mail
                </a>
              </div>
            </>
          ) : proposal.share ? (
            <>
              <p data-testid="proposal-share-status">
                Shared on {formatDate(proposal.share.shared_at)}. Viewed {times(proposal.share.views)}
                {proposal.share.first_viewed_at && proposal.share.last_viewed_at
                  ? ` (first ${formatDateTime(proposal.share.first_viewed_at)}, last ${formatDateTime(proposal.share.last_viewed_at)})`
                  : ""}
                .
              </p>
              <p className="text-slate-600">The link is shown only when it is made. A new link replaces it; the old one stops working.</p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => setConfirm("new")} disabled={share.isPending}>
                  New link
                </Button>
                <Button variant="secondary" onClick={() => setConfirm("revoke")} disabled={revoke.isPending}>
                  Revoke link
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>
                The client reads the proposal on its own page, which prints and saves as a PDF.
                {proposal.status === "Draft" ? " Sharing marks the proposal Sent." : ""}
              </p>
              <Button onClick={() => makeLink().catch(() => undefined /* the error toast has said why */)} disabled={share.isPending}>
                {share.isPending ? "Creating..." : "Create link"}
              </Button>
            </>
          )}
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Close</Button>
            </DialogClose>
          </div>
        </div>
        <ConfirmDialog
          open={confirm !== null}
          onOpenChange={(o) => !o && setConfirm(null)}
          title={confirm === "new" ? "Make a new link?" : "Revoke the link?"}
          description={
            confirm === "new"
              ? "The link the client has stops working, and a new one is made for you to send."
              : "The link the client has stops working at once. The proposal itself stays as it is."
          }
          confirmLabel={confirm === "new" ? "New link" : "Revoke link"}
          onConfirm={() => (confirm === "new" ? makeLink() : revoke.mutateAsync(proposal.id).then(() => toast.success("Link revoked")))}
        />
      </DialogContent>
    </DialogRoot>
  );
}
