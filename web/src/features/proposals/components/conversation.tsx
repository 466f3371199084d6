/**
 * The questions a client asked on their proposal's page, and the studio's replies, which the page
 * shows them and which are e-mailed to them with their link (docs/decisions/0027-client-hears-back.md). A reply whose e-mail
 * failed says why, with Resend e-mail. Lives in the proposal's View dialog.
 */
import { useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { MailWarning } from "lucide-react";
import { proposalReplyInput, type CrmProposalMessage, type Proposal } from "@contract/proposal";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { proposalMessagesQueryOptions, useReplyToProposal, useResendReply } from "@/features/proposals/api/proposals";

export function ProposalConversation({ proposal }: { proposal: Proposal }) {
  const query = useQuery(proposalMessagesQueryOptions(proposal.id));
  const messages = query.data?.messages ?? [];
  return (
    <section aria-labelledby="proposal-questions" className="space-y-3">
      <h3 id="proposal-questions" className="text-base font-semibold">
        Questions
      </h3>
      {query.isPending ? (
        <Spinner label="Loading questions" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The questions could not be loaded.{" "}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      ) : messages.length === 0 ? (
        <p className="text-sm text-slate-600">
          {proposal.share
            ? "No questions yet. The client can ask on the page you shared."
            : "Share the proposal and the client can ask questions on its page."}
        </p>
      ) : (
        <ol className="space-y-2" data-testid="proposal-messages">
          {messages.map((m) => (
            <li
              key={m.id}
              className={
                m.author === "studio"
                  ? "rounded-lg border-l-4 border-brick-600 bg-slate-50 p-3"
                  : "rounded-lg border-l-4 border-slate-300 p-3"
              }
            >
              <p className="text-xs text-slate-600">
                <span className="font-medium text-slate-900">{m.author_name}</span>
                {m.author === "studio" ? " (studio)" : " (client)"} · {formatDateTime(m.created_at)}
              </p>
              <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere">{m.body}</p>
              {m.author === "studio" && m.email_status === "failed" && <ReplyNotEmailed proposalId={proposal.id} message={m} />}
            </li>
          ))}
        </ol>
      )}
      {messages.some((m) => m.author === "client") && <ReplyForm proposalId={proposal.id} />}
    </section>
  );
}

/** A reply the client was not e-mailed: why, and Resend e-mail. The reply itself is on their page all the same. */
function ReplyNotEmailed({ proposalId, message }: { proposalId: string; message: CrmProposalMessage }) {
  const resend = useResendReply();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <MailWarning className="size-4 shrink-0" aria-hidden="true" />
      <p className="mr-auto min-w-0 flex-1 basis-60">
        <span className="font-medium">E-mail to the client failed.</span> {message.email_error}
      </p>
      <Button
        size="sm"
        variant="secondary"
        disabled={resend.isPending}
        aria-label={`Resend the e-mail of the reply sent ${formatDateTime(message.created_at)}`}
        onClick={() =>
          resend.mutate(
            { id: proposalId, messageId: message.id },
            // A send that fails again answers an error, which the one error path shows with why.
            { onSuccess: () => toast.success("Reply e-mailed to the client") },
          )
        }
      >
        {resend.isPending ? "Sending..." : "Resend e-mail"}
      </Button>
    </div>
  );
}

function ReplyForm({ proposalId }: { proposalId: string }) {
  const reply = useReplyToProposal();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The contract's schema, so the message matches the worker's 422.
    const parsed = proposalReplyInput.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Reply is required");
    setError(null);
    reply.mutate(
      { id: proposalId, body: parsed.data.body },
      {
        onSuccess: ({ message }) => {
          // The reply is on their page either way; a mail that did not go is listed above with why.
          if (message.email_status === "sent") toast.success("Reply sent");
          else toast.error("Reply saved, but the e-mail to the client failed", { description: message.email_error ?? undefined });
          setBody("");
        },
        onError: (err) => {
          const field = (err as { fields?: Record<string, string> }).fields?.body;
          if (field) setError(field);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        Reply to the client
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Shown on their proposal page and e-mailed to them with their link.
      </p>
      <Textarea
        id={id}
        value={body}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(e) => setBody(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" disabled={reply.isPending}>
        {reply.isPending ? "Sending..." : "Send reply"}
      </Button>
    </form>
  );
}
