/**
 * Share a record with its client (a proposal, an invoice): a link to the record's own page, which
 * only this dialog ever shows (the worker keeps its hash). The studio sends it: Copy link, or Open
 * in e-mail with the subject and a short message filled in (send_email reaches only verified
 * addresses). Afterwards it says when the link was made and how often the client opened it, with
 * New link and Revoke link. Each feature gives it its record's words and its two calls.
 */
import { useState } from "react";
import { Copy, Mail } from "lucide-react";
import { mailtoLink } from "@contract/mailto";
import type { SharedLink } from "@contract/shared-link";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { formatDate, formatDateTime } from "@/lib/format";
import { times } from "@/components/shared-link-facts";
import { copyText } from "@/lib/copy-text";
import { toast } from "@/lib/toast";

export interface ShareLinkDialogProps {
  /** What is shared, as the dialog names it: "proposal", "invoice". */
  noun: string;
  /** The record's name in the title: "Share {name}". */
  name: string;
  /** Its status now: sharing a Draft makes it Sent. */
  status: string;
  /** Its live link, if any. */
  share: SharedLink | null;
  /** One sentence under the title: what the page is. */
  description: string;
  /** Said before the first link is made, after what the client can do with the page. */
  intro: string;
  /** Makes a new link (the earlier one stops working): the URL, shown once, and the status after. */
  createLink: () => Promise<{ url: string; status: string }>;
  creating: boolean;
  revokeLink: () => Promise<unknown>;
  revoking: boolean;
  /** The e-mail that sends a link: its subject and message. */
  email: (url: string) => { subject: string; body: string };
  onClose: () => void;
}

export function ShareLinkDialog({
  noun,
  name,
  status,
  share,
  description,
  intro,
  createLink,
  creating,
  revokeLink,
  revoking,
  email,
  onClose,
}: ShareLinkDialogProps) {
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<"new" | "revoke" | null>(null);
  const makeLink = () =>
    createLink().then((made) => {
      setUrl(made.url);
      toast.success(made.status === "Sent" && status === "Draft" ? `Link created; the ${noun} is now Sent` : "Link created");
    });
  const copy = () => copyText(url!, { copied: "Link copied", what: "link" });
  const mail = url ? mailtoLink("", email(url)) : null;

  return (
    <DialogRoot open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={`Share ${name}`} description={description}>
        <div className="space-y-4 text-sm">
          {url ? (
            <>
              <Field label={`Link to the ${noun}`} hint={`Copy it now: it is shown only this once. Anyone with it can read the ${noun}.`}>
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
          ) : share ? (
            <>
              <p data-testid="share-status">
                Shared on {formatDate(share.shared_at)}. Viewed {times(share.views)}
                {share.first_viewed_at && share.last_viewed_at
                  ? ` (first ${formatDateTime(share.first_viewed_at)}, last ${formatDateTime(share.last_viewed_at)})`
                  : ""}
                .
              </p>
              <p className="text-slate-600">The link is shown only when it is made. A new link replaces it; the old one stops working.</p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => setConfirm("new")} disabled={creating}>
                  New link
                </Button>
                <Button variant="secondary" onClick={() => setConfirm("revoke")} disabled={revoking}>
                  Revoke link
                </Button>
              </div>
            </>
          ) : (
            <>
              <p>
                {intro}
                {status === "Draft" ? ` Sharing marks the ${noun} Sent.` : ""}
              </p>
              <Button onClick={() => makeLink().catch(() => undefined /* the error toast has said why */)} disabled={creating}>
                {creating ? "Creating..." : "Create link"}
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
              : `The link the client has stops working at once. The ${noun} itself stays as it is.`
          }
          confirmLabel={confirm === "new" ? "New link" : "Revoke link"}
          onConfirm={() => (confirm === "new" ? makeLink() : revokeLink().then(() => toast.success("Link revoked")))}
        />
      </DialogContent>
    </DialogRoot>
  );
}
