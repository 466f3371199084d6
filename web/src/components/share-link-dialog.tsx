/**
 * Share a record with its client (a proposal, an invoice): a link to the record's own page, which
 * only this dialog ever shows (the worker keeps its hash). The dialog offers to e-mail it to the
 * client's address (prefilled, editable) with a short message; the CRM sends it when Cloudflare
 * allows, and when it won't, says why and offers Copy link and Open in e-mail (a `mailto:` with the
 * same message) instead, the link made all the same. Or the studio makes the link and sends it
 * itself. Afterwards the dialog says when the link was made, whom it was e-mailed to and how often
 * the client opened it (first and last), with New link and Revoke link. An address that is not
 * one of the client's own needs a tick, and a send past the hour's allowance says when another can
 * go (components/recipient-confirm.tsx). One dialog for both kinds: each kind's words are in
 * share-link-words.ts, and its calls are the same three (lib/share-links.ts).
 */
import { useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import type { EmailOutcome } from "@contract/email-outcome";
import { mailtoLink } from "@contract/mailto";
import { LINK_MESSAGE_MAX, sendLinkInput, type SendLinkInput } from "@contract/shared-link";
import { LinkHandOff, MailOutcomeNotice, mailtoOf } from "@/components/mail-outcome";
import { RecipientConfirm, useRecipientCheck } from "@/components/recipient-confirm";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogClose, DialogContent, DialogRoot } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { applyFieldErrors } from "@/lib/form-errors";
import { formatDate } from "@/lib/format";
import { openedText } from "@/components/shared-link-facts";
import { shareWordsOf, type SharedDocument } from "@/components/share-link-words";
import { useShareLink } from "@/lib/share-links";
import { toast } from "@/lib/toast";

export type ShareLinkDialogProps = SharedDocument & { onClose: () => void };

/** The link just made, shown this once, and what became of the e-mail if one was asked for. */
interface Made {
  url: string;
  email: EmailOutcome | null;
}

export function ShareLinkDialog({ onClose, ...shared }: ShareLinkDialogProps) {
  const { kind: noun, document: record } = shared;
  const { status, share, contact_email: recipient } = record;
  const { name, description, intro, message, email } = shareWordsOf(shared);
  const calls = useShareLink(noun);
  const creating = calls.create.isPending;
  const emailing = calls.send.isPending;
  const createLink = () => calls.create.mutateAsync(record.id);
  const emailLink = (input: SendLinkInput) => calls.send.mutateAsync({ id: record.id, input });
  const [made, setMade] = useState<Made | null>(null);
  const [confirm, setConfirm] = useState<"new" | "revoke" | "send" | null>(null);
  const form = useForm({ resolver: zodResolver(sendLinkInput), defaultValues: { to: recipient ?? "", message } });
  const { errors } = form.formState;
  const check = useRecipientCheck();
  const to = useWatch({ control: form.control, name: "to" });
  const nowSent = (after: string) => (after === "Sent" && status === "Draft" ? `; the ${noun} is now Sent` : "");

  const makeLink = () =>
    createLink().then((link) => {
      setMade({ url: link.url, email: null });
      toast.success(`Link created${nowSent(link.status)}`);
    });
  const sendLink = form.handleSubmit((values) =>
    emailLink({ ...values, confirm_recipient: check.confirmFor(values.to) }).then(
      (sent) => {
        check.sent();
        setMade({ url: sent.url, email: sent.email });
        toast.success(`${sent.email.sent ? `Link e-mailed to ${sent.email.to}` : "Link created"}${nowSent(sent.status)}`);
      },
      (error: unknown) => {
        if (!check.failed(error, values.to)) applyFieldErrors(error, form.setError, ["to", "message"]);
      },
    ),
  );
  // A live link is replaced by the one e-mailed: ask first, as New link does.
  const onSend = (e: FormEvent) => {
    e.preventDefault();
    if (share) void form.trigger().then((valid) => valid && setConfirm("send"));
    else void sendLink();
  };
  const busy = creating || emailing;

  return (
    <DialogRoot open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={`Share ${name}`} description={description}>
        <div className="space-y-4 text-sm">
          {made ? (
            <>
              {made.email && <MailOutcomeNotice outcome={made.email} />}
              <LinkHandOff
                label={`Link to the ${noun}`}
                hint={`Copy it now: it is shown only this once. Anyone with it can read the ${noun}.`}
                url={made.url}
                mailto={made.email && !made.email.sent ? mailtoOf(made.email) : mailtoLink(recipient ?? "", email(made.url))}
              />
            </>
          ) : (
            <>
              {share ? (
                <>
                  <p data-testid="share-status">
                    Shared on {formatDate(share.shared_at)}
                    {share.emailed_to ? `, e-mailed to ${share.emailed_to}` : ""}. {openedText(share)}.
                  </p>
                  <p className="text-slate-600">
                    The link is shown only when it is made. A new link replaces it; the old one stops working.
                  </p>
                </>
              ) : (
                <p>
                  {intro}
                  {status === "Draft" ? ` Sharing marks the ${noun} Sent.` : ""}
                </p>
              )}
              <form
                onSubmit={onSend}
                noValidate
                className="space-y-3 rounded-lg border border-slate-200 p-4"
                aria-labelledby="share-by-email"
              >
                <h3 id="share-by-email" className="font-semibold text-slate-900">
                  E-mail {share ? "a new link" : "the link"} to the client
                </h3>
                <Field label="Send to" error={errors.to?.message}>
                  {(p) => <Input {...p} {...form.register("to")} type="email" autoComplete="off" />}
                </Field>
                <Field
                  label="Message"
                  error={errors.message?.message}
                  hint={`The e-mail opens with "Hello" and their first name (just "Hello," for a company), then your message, the ${noun}'s details, the link and your name. Replies go to the studio's inbox.`}
                >
                  {(p) => <Textarea {...p} {...form.register("message")} rows={6} maxLength={LINK_MESSAGE_MAX} />}
                </Field>
                <RecipientConfirm check={check} to={to} label={(address) => `Send it to ${address} anyway`} />
                <Button type="submit" disabled={busy}>
                  <Send className="size-4" aria-hidden="true" />
                  {emailing ? "Sending..." : share ? "E-mail a new link" : "E-mail link"}
                </Button>
              </form>
              {share ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setConfirm("new")} disabled={busy}>
                    New link
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirm("revoke")} disabled={calls.revoke.isPending}>
                    Revoke link
                  </Button>
                </div>
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  <span className="text-slate-600">Or send it yourself:</span>
                  <Button
                    variant="secondary"
                    onClick={() => makeLink().catch(() => undefined /* the error toast has said why */)}
                    disabled={busy}
                  >
                    {creating ? "Creating..." : "Create link"}
                  </Button>
                </div>
              )}
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
          title={confirm === "revoke" ? "Revoke the link?" : confirm === "send" ? "E-mail a new link?" : "Make a new link?"}
          description={
            confirm === "revoke"
              ? `The link the client has stops working at once. The ${noun} itself stays as it is.`
              : confirm === "send"
                ? `The link the client has stops working, and a new one is e-mailed to ${form.getValues("to")}.`
                : "The link the client has stops working, and a new one is made for you to send."
          }
          confirmLabel={confirm === "revoke" ? "Revoke link" : confirm === "send" ? "E-mail a new link" : "New link"}
          onConfirm={() =>
            confirm === "revoke"
              ? calls.revoke.mutateAsync(record.id).then(() => toast.success("Link revoked"))
              : confirm === "send"
                ? sendLink()
                : makeLink()
          }
        />
      </DialogContent>
    </DialogRoot>
  );
}
