/** Proposal cards: Accept (Sent only), share with the client, view, edit, delete. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Eye, Mail, Pencil, Trash2 } from "lucide-react";
import type { Proposal, ProposalStatus } from "@contract/proposal";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog";
import { RecordCard, RecordCards, RecordFacts, type RecordFact } from "@/components/ui/record-cards";
import { formatDate, formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { proposalsQueryOptions, useAcceptProposal, useDeleteProposal } from "@/features/proposals/api/proposals";
import { AcceptFollowUpDialog } from "./accept-follow-up";
import { ProposalDialog } from "./proposal-dialog";
import { ShareDialog } from "./share-dialog";

const tone: Record<ProposalStatus, BadgeTone> = { Draft: "slate", Sent: "blue", Accepted: "green", Rejected: "red" };

const facts = (p: Proposal): RecordFact[] => [
  { label: "Value", value: formatMoney(p.value), strong: true },
  { label: "Sent Date", value: formatDate(p.sent_date) },
  { label: "Due Date", value: formatDate(p.due_date) },
  { label: "Created", value: formatDate(p.created_at) },
  ...(p.share
    ? [{ label: "Shared", value: `${formatDate(p.share.shared_at)}, viewed ${p.share.views === 1 ? "once" : `${p.share.views} times`}` }]
    : []),
];

export function ProposalsList({ matches = () => true }: { matches?: (title: string) => boolean }) {
  const query = useQuery(proposalsQueryOptions());
  const accept = useAcceptProposal();
  const del = useDeleteProposal();
  const [viewing, setViewing] = useState<Proposal | null>(null);
  const [editing, setEditing] = useState<Proposal | null>(null);
  const [deleting, setDeleting] = useState<Proposal | null>(null);
  const [followUp, setFollowUp] = useState<Proposal | null>(null);
  const [sharing, setSharing] = useState<Proposal | null>(null);
  const proposals = query.data?.proposals ?? [];
  const shown = query.data?.proposals.filter((p) => matches(p.title));

  return (
    <>
      <RecordCards
        noun="proposals"
        query={query}
        items={shown}
        // None left but some exist: the search filtered them all out.
        emptyText={proposals.length > 0 ? "No proposals match your search." : undefined}
      >
        {(p) => (
          <RecordCard
            key={p.id}
            testId="proposal-card"
            title={p.title}
            subtitle={p.lead?.name ?? p.client?.name ?? "No lead or client"}
            status={p.status}
            tone={tone[p.status]}
            facts={facts(p)}
          >
            {p.status === "Sent" && (
              <Button
                size="sm"
                className="mr-auto"
                disabled={accept.isPending}
                onClick={() =>
                  accept.mutate(
                    { id: p.id, updated_at: p.updated_at },
                    {
                      onSuccess: ({ proposal }) => {
                        toast.success("Proposal Accepted!");
                        setFollowUp(proposal);
                      },
                    },
                  )
                }
              >
                <CheckCircle2 className="size-4" aria-hidden="true" />
                Accept
              </Button>
            )}
            {(p.status === "Draft" || p.status === "Sent") && (
              <Button variant="ghost" size="sm" aria-label={`Share ${p.title}`} onClick={() => setSharing(p)}>
                <Mail className="size-4" aria-hidden="true" />
              </Button>
            )}
            <Button variant="ghost" size="sm" aria-label={`View ${p.title}`} onClick={() => setViewing(p)}>
              <Eye className="size-4" aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="sm" aria-label={`Edit ${p.title}`} onClick={() => setEditing(p)}>
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="sm" aria-label={`Delete ${p.title}`} onClick={() => setDeleting(p)}>
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </RecordCard>
        )}
      </RecordCards>
      {viewing && (
        <DialogRoot open onOpenChange={(o) => !o && setViewing(null)}>
          <DialogContent title={viewing.title} description={viewing.lead?.name ?? viewing.client?.name ?? "No lead or client"}>
            <div className="space-y-4">
              <Badge tone={tone[viewing.status]}>{viewing.status}</Badge>
              <RecordFacts facts={facts(viewing)} />
              {viewing.notes && <p className="text-sm whitespace-pre-line text-slate-700">{viewing.notes}</p>}
              <div className="flex justify-end">
                <DialogClose asChild>
                  <Button variant="secondary">Close</Button>
                </DialogClose>
              </div>
            </div>
          </DialogContent>
        </DialogRoot>
      )}
      {editing && (
        <ProposalDialog
          key={editing.id}
          proposal={proposals.find((p) => p.id === editing.id) ?? editing}
          open
          onOpenChange={(o) => !o && setEditing(null)}
        />
      )}
      {sharing && <ShareDialog proposal={proposals.find((p) => p.id === sharing.id) ?? sharing} onClose={() => setSharing(null)} />}
      {followUp && <AcceptFollowUpDialog proposal={followUp} onClose={() => setFollowUp(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete proposal"
        description={`Are you sure you want to delete "${deleting?.title ?? ""}"?`}
        onConfirm={() => del.mutateAsync(deleting!.id).then(() => toast.success("Proposal deleted successfully"))}
      />
    </>
  );
}
