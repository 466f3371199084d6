/**
 * Unfiled mail: messages the CRM's inbox could not place (no lead or client matched, or several).
 * Each can be filed with the record picker (given by the page, since it belongs to another
 * feature), made into a new lead, or deleted.
 */
import { useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { FolderInput, Trash2, UserPlus } from "lucide-react";
import type { MailMessage } from "@contract/mail";
import { MailBody } from "@/components/mail-view";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadFailed } from "@/components/ui/load-failed";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { unfiledMailQueryOptions, useDeleteMail, useLeadFromMail } from "@/features/mail/api/mail";

export function UnfiledMail({ renderFile }: { renderFile: (message: MailMessage, close: () => void) => ReactNode }) {
  const query = useQuery(unfiledMailQueryOptions());
  const makeLead = useLeadFromMail();
  const del = useDeleteMail();
  const [filing, setFiling] = useState<MailMessage | null>(null);
  const [deleting, setDeleting] = useState<MailMessage | null>(null);

  if (query.isPending)
    return (
      <div className="space-y-3" role="status" aria-label="Loading unfiled mail">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  if (query.isError) return <LoadFailed what="Unfiled mail" onRetry={() => void query.refetch()} />;
  const { messages, total } = query.data;
  if (messages.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        No unfiled mail. Everything sent to the CRM found its lead or client.
      </p>
    );
  return (
    <>
      <p className="text-sm text-slate-600">
        {total === 1 ? "1 message" : `${total} messages`} could not be placed on one lead or client. File each, make it a lead, or delete
        it.
      </p>
      <ul className="space-y-3" aria-label="Unfiled mail">
        {messages.map((m) => (
          <li key={m.id} data-testid="unfiled-mail" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-words">{m.subject || "(no subject)"}</p>
                <p className="text-xs text-slate-600">
                  {m.direction === "sent" ? "Sent to" : "From"}{" "}
                  {m.direction === "sent" ? m.to.map((a) => a.name ?? a.address).join(", ") : (m.from_name ?? m.from_address)} ·{" "}
                  {m.sent_at ? formatDateTime(m.sent_at) : "no date"} · filed by {m.filed_by_name}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Button size="sm" variant="secondary" onClick={() => setFiling(m)} aria-label={`File ${m.subject || "this e-mail"}`}>
                  <FolderInput className="size-4" aria-hidden="true" />
                  File
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={makeLead.isPending}
                  aria-label={`Make a lead from ${m.subject || "this e-mail"}`}
                  onClick={() =>
                    makeLead.mutate(
                      { id: m.id, updated_at: m.updated_at },
                      { onSuccess: () => toast.success("Lead added from the e-mail") },
                    )
                  }
                >
                  <UserPlus className="size-4" aria-hidden="true" />
                  Make lead
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(m)} aria-label={`Delete ${m.subject || "this e-mail"}`}>
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </div>
            <details className="mt-2">
              <summary className="cursor-pointer text-sm text-brick-700">Read</summary>
              <div className="mt-2">
                <MailBody message={m} />
              </div>
            </details>
          </li>
        ))}
      </ul>
      {filing && renderFile(filing, () => setFiling(null))}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this e-mail?"
        description={`"${deleting?.subject || "(no subject)"}" is removed from the CRM. The message itself stays in your mailbox.`}
        onConfirm={() => del.mutateAsync(deleting!.id).then(() => toast.success("E-mail deleted"))}
      />
    </>
  );
}
