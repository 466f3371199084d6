/** Proposal cards: Accept (Sent only), view, edit, delete. */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Eye, Pencil, Trash2 } from "lucide-react";
import type { Proposal, ProposalStatus } from "../../../../../contract/proposal";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { DialogClose, DialogContent, DialogRoot } from "../../../components/ui/dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDate, formatMoney } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { proposalsQueryOptions, useAcceptProposal, useDeleteProposal } from "../api/proposals";
import { AcceptFollowUpDialog } from "./accept-follow-up";
import { ProposalDialog } from "./proposal-dialog";

const tone: Record<ProposalStatus, BadgeTone> = { Draft: "slate", Sent: "blue", Accepted: "green", Rejected: "red" };

function Facts({ p }: { p: Proposal }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      <div>
        <dt className="text-slate-500">Value</dt>
        <dd className="font-medium">{formatMoney(p.value)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Sent Date</dt>
        <dd>{formatDate(p.sent_date)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Due Date</dt>
        <dd>{formatDate(p.due_date)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Created</dt>
        <dd>{formatDate(p.created_at)}</dd>
      </div>
    </dl>
  );
}

export function ProposalsList() {
  const { data, isPending, isError, refetch } = useQuery(proposalsQueryOptions());
  const accept = useAcceptProposal();
  const del = useDeleteProposal();
  const [viewing, setViewing] = useState<Proposal | null>(null);
  const [editing, setEditing] = useState<Proposal | null>(null);
  const [deleting, setDeleting] = useState<Proposal | null>(null);
  const [followUp, setFollowUp] = useState<Proposal | null>(null);

  if (isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading proposals">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-48" />
        ))}
      </div>
    );
  if (isError)
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        Could not load proposals.{" "}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  if (data.proposals.length === 0) return <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">No proposals yet.</div>;

  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.proposals.map((p) => (
          <li key={p.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5" data-testid="proposal-card">
            <div className="flex items-start justify-between gap-2">
              <div>
                <h2 className="font-semibold">{p.title}</h2>
                <p className="text-sm text-slate-600">{p.lead?.name ?? p.client?.name ?? "No lead or client"}</p>
              </div>
              <Badge tone={tone[p.status]}>{p.status}</Badge>
            </div>
            <div className="mt-4 flex-1">
              <Facts p={p} />
            </div>
            <div className="mt-4 flex flex-wrap items-center justify-end gap-1">
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
              <Button variant="ghost" size="sm" aria-label={`View ${p.title}`} onClick={() => setViewing(p)}>
                <Eye className="size-4" aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Edit ${p.title}`} onClick={() => setEditing(p)}>
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Delete ${p.title}`} onClick={() => setDeleting(p)}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {viewing && (
        <DialogRoot open onOpenChange={(o) => !o && setViewing(null)}>
          <DialogContent title={viewing.title} description={viewing.lead?.name ?? viewing.client?.name ?? "No lead or client"}>
            <div className="space-y-4">
              <Badge tone={tone[viewing.status]}>{viewing.status}</Badge>
              <Facts p={viewing} />
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
      {editing && <ProposalDialog key={editing.id} proposal={data.proposals.find((p) => p.id === editing.id) ?? editing} open onOpenChange={(o) => !o && setEditing(null)} />}
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
