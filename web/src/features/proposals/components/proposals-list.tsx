/** Proposal cards: Accept (Sent only), share with the client, view, edit, delete. */
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Eye, FileText, Mail, Pencil, Receipt, Trash2 } from "lucide-react";
import type { Proposal } from "@contract/proposal";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyDialog, lazyMounted } from "@/components/ui/lazy-dialog";
import { RecordCard, RecordCards } from "@/components/ui/record-cards";
import { toast } from "@/lib/toast";
import { proposalPreviewHref, proposalsQueryOptions, useAcceptProposal, useDeleteProposal } from "@/features/proposals/api/proposals";
import { facts, tone } from "./proposal-facts";

// Each dialog's code (forms, zod, Radix) loads when it first opens, not with the list.
const ViewDialog = lazyMounted(() => import("./view-dialog").then((m) => m.ViewDialog));
const ProposalDialog = lazyDialog(() => import("./proposal-dialog").then((m) => m.ProposalDialog));
const ShareLinkDialog = lazyMounted(() => import("@/components/share-link-dialog").then((m) => m.ShareLinkDialog));
const AcceptFollowUpDialog = lazyMounted(() => import("./accept-follow-up").then((m) => m.AcceptFollowUpDialog));

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
  // ?proposal=<id> opens that proposal's View (the digest, a client's page and search link here).
  const [params, setParams] = useSearchParams();
  const linked = params.get("proposal");
  const viewed = viewing ?? (linked ? proposals.find((p) => p.id === linked) : undefined);
  const closeView = () => {
    setViewing(null);
    if (linked) setParams((p) => (p.delete("proposal"), p), { replace: true });
  };

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
            <a
              href={proposalPreviewHref(p.id)}
              target="_blank"
              rel="noopener"
              aria-label={`Preview ${p.title} as the client sees it (opens in a new tab)`}
              title="Preview as the client sees it"
              className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brick-600"
            >
              <FileText className="size-4" aria-hidden="true" />
            </a>
            <Link
              to={`/crm/invoices?from_proposal=${encodeURIComponent(p.id)}`}
              aria-label={`Create invoice from ${p.title}`}
              title="Create invoice from proposal"
              className="inline-flex size-9 items-center justify-center rounded-lg hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brick-600"
            >
              <Receipt className="size-4" aria-hidden="true" />
            </Link>
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
      {viewed && <ViewDialog proposal={proposals.find((p) => p.id === viewed.id) ?? viewed} onClose={closeView} />}
      {editing && (
        <ProposalDialog
          key={editing.id}
          proposal={proposals.find((p) => p.id === editing.id) ?? editing}
          open
          onOpenChange={(o) => !o && setEditing(null)}
        />
      )}
      {sharing && (
        <ShareLinkDialog
          kind="proposal"
          document={proposals.find((p) => p.id === sharing.id) ?? sharing}
          onClose={() => setSharing(null)}
        />
      )}
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
