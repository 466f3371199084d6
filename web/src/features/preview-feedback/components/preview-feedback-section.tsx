/**
 * The client page's Feedback section (docs/decisions/0009-preview-feedback.md): the client's comments on their preview with the
 * studio's replies, Resolve / Reopen, a task from a comment, and the approvals with the project
 * each one moved. A notification e-mail that failed can be sent again from here.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, ListPlus, MailWarning, MessageSquareReply, RotateCcw } from "lucide-react";
import type { PreviewApprovalAdmin, PreviewComment, PreviewRelease } from "@contract/preview-feedback";
import type { TaskInput } from "@contract/task";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { formatDate, formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import {
  clientFeedbackQueryOptions,
  useReplyToComment,
  useResendFeedbackEmail,
  useSetCommentStatus,
} from "@/features/preview-feedback/api/preview-feedback";

/** What Create task fills in; the page that renders this section opens the tasks dialog with it. */
export type FeedbackTaskDraft = Required<Pick<TaskInput, "title" | "notes" | "related_type" | "related_id">>;

const excerpt = (text: string, max: number) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
};

const versionLabel = (release: PreviewRelease, currentId: string | null) =>
  release.id === currentId ? "On the current version" : `On the version of ${formatDate(release.published_at)}`;

export function PreviewFeedbackSection({ clientId, onCreateTask }: { clientId: string; onCreateTask: (draft: FeedbackTaskDraft) => void }) {
  const feedback = useQuery(clientFeedbackQueryOptions(clientId));

  let content;
  if (feedback.isPending) {
    content = (
      <div className="mt-4 space-y-3">
        <span role="status" className="sr-only">
          Loading feedback
        </span>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (feedback.isError) {
    content = (
      <div role="alert" className="mt-4 rounded-lg border border-slate-200 p-6 text-center">
        <p className="font-medium">Could not load the feedback.</p>
        <Button className="mt-3" variant="secondary" onClick={() => void feedback.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { comments, approvals, release } = feedback.data;
    const currentId = release?.id ?? null;
    content =
      comments.length === 0 && approvals.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-center">
          <p className="font-medium">No feedback yet.</p>
          <p className="mt-1 text-sm text-slate-600">Comments and approvals the client leaves on their preview appear here.</p>
        </div>
      ) : (
        <>
          {comments.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">No comments yet.</p>
          ) : (
            <ul aria-label="Comments" className="mt-4 space-y-4">
              {comments.map((c) => (
                <li key={c.id}>
                  <CommentCard comment={c} currentId={currentId} clientId={clientId} onCreateTask={onCreateTask} />
                </li>
              ))}
            </ul>
          )}
          <Approvals approvals={approvals} currentId={currentId} />
        </>
      );
  }

  const open = feedback.data?.comments.filter((c) => c.status === "Open").length ?? 0;
  return (
    <section
      aria-labelledby="feedback-title"
      aria-busy={feedback.isPending}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="feedback-title" className="text-lg font-semibold">
        Feedback
        {open > 0 && <span className="ml-2 text-sm font-normal text-slate-600">({open} open)</span>}
      </h2>
      {content}
    </section>
  );
}

function EmailFailed({ kind, id, name }: { kind: "comment" | "approval"; id: string; name: string }) {
  const resend = useResendFeedbackEmail();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <MailWarning className="size-4 shrink-0" aria-hidden="true" />
      <span className="mr-auto">E-mail to the studio failed</span>
      <Button
        size="sm"
        variant="secondary"
        disabled={resend.isPending}
        aria-label={`Resend e-mail about ${name}'s ${kind}`}
        onClick={() => resend.mutate({ kind, id }, { onSuccess: () => toast.success("Notification e-mail sent") })}
      >
        Resend e-mail
      </Button>
    </div>
  );
}

function CommentCard({
  comment: c,
  currentId,
  clientId,
  onCreateTask,
}: {
  comment: PreviewComment;
  currentId: string | null;
  clientId: string;
  onCreateTask: (draft: FeedbackTaskDraft) => void;
}) {
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const setStatus = useSetCommentStatus();
  const resolved = c.status === "Resolved";
  const headingId = useId();

  // Back where the keyboard user started once the form closes, not at the top of the page.
  const returnFocus = useRef(false);
  useEffect(() => {
    if (replying || !returnFocus.current) return;
    returnFocus.current = false;
    replyButton.current?.focus();
  }, [replying]);
  const closeReply = () => {
    returnFocus.current = true;
    setReplying(false);
  };

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4" data-comment-id={c.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id={headingId} className="font-semibold break-words">
          <span className="sr-only">Comment from </span>
          {c.author_name}
        </h3>
        <Badge tone={resolved ? "green" : "amber"}>{c.status}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>
        {" · "}
        {c.page ? <span className="break-words">Page: {c.page}</span> : "No page given"}
        {" · "}
        <span title={c.release.preview_url ?? undefined}>{versionLabel(c.release, currentId)}</span>
      </p>
      <p className="mt-2 break-words whitespace-pre-line text-slate-900">{c.body}</p>
      {c.email_status === "failed" && <EmailFailed kind="comment" id={c.id} name={c.author_name} />}

      {c.replies.length > 0 && (
        <ul aria-label={`Replies to ${c.author_name}`} className="mt-3 space-y-2 border-l-2 border-slate-200 pl-4">
          {c.replies.map((r) => (
            <li key={r.id} className="text-sm">
              <p className="text-slate-600">
                <span className="font-semibold text-slate-900">{r.author_name}</span>
                {" replied "}
                <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
              </p>
              <p className="mt-0.5 break-words whitespace-pre-line text-slate-900">{r.body}</p>
            </li>
          ))}
        </ul>
      )}

      {replying ? (
        <ReplyForm commentId={c.id} authorName={c.author_name} onDone={closeReply} />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button ref={replyButton} size="sm" variant="secondary" onClick={() => setReplying(true)}>
            <MessageSquareReply className="size-4" aria-hidden="true" />
            Reply
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={setStatus.isPending}
            onClick={() =>
              setStatus.mutate(
                { commentId: c.id, status: resolved ? "Open" : "Resolved", updated_at: c.updated_at },
                { onSuccess: () => toast.success(resolved ? "Comment reopened" : "Comment resolved") },
              )
            }
          >
            {resolved ? <RotateCcw className="size-4" aria-hidden="true" /> : <CheckCircle2 className="size-4" aria-hidden="true" />}
            {resolved ? "Reopen" : "Resolve"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              onCreateTask({
                title: `Preview feedback from ${c.author_name}: ${excerpt(c.body, 80)}`,
                notes: c.body,
                related_type: "client",
                related_id: clientId,
              })
            }
          >
            <ListPlus className="size-4" aria-hidden="true" />
            Create task
          </Button>
        </div>
      )}
    </article>
  );
}

function ReplyForm({ commentId, authorName, onDone }: { commentId: string; authorName: string; onDone: () => void }) {
  const reply = useReplyToComment();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The contract's schema, so the message matches the worker's 422; it (and zod) loads with the
    // first reply sent, not with the client's page.
    const { replyInput } = await import("@contract/preview-feedback");
    const parsed = replyInput.safeParse({ body });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Reply is required");
    setError(null);
    reply.mutate(
      { commentId, body: parsed.data.body },
      {
        onSuccess: () => {
          toast.success("Reply sent");
          onDone();
        },
        onError: (err) => {
          const field = (err as { fields?: Record<string, string> }).fields?.body;
          if (field) setError(field);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-2">
      <label htmlFor={id} className="block text-sm font-medium">
        Reply to {authorName}
      </label>
      <Textarea
        id={id}
        value={body}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") onDone();
        }}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? "Sending..." : "Send reply"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Approvals({ approvals, currentId }: { approvals: PreviewApprovalAdmin[]; currentId: string | null }) {
  return (
    <section aria-labelledby="approvals-title" className="mt-6">
      <h3 id="approvals-title" className="text-base font-semibold">
        Approvals
      </h3>
      {approvals.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No approvals yet.</p>
      ) : (
        <ul aria-labelledby="approvals-title" className="mt-2 divide-y divide-slate-100">
          {approvals.map((a) => (
            <li key={a.id} className="py-3 text-sm">
              <p>
                <span className="font-semibold">{a.approver_name}</span> approved{" "}
                {a.release.id === currentId ? "the current version" : `the version of ${formatDate(a.release.published_at)}`} on{" "}
                <time dateTime={a.created_at}>{formatDateTime(a.created_at)}</time>
              </p>
              <p className="mt-0.5 text-slate-600">
                Version published {formatDateTime(a.release.published_at)}
                {a.release.preview_url && (
                  <>
                    {": "}
                    <a
                      href={a.release.preview_url}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="break-all text-brick-700 underline"
                    >
                      {a.release.preview_url}
                    </a>
                  </>
                )}
              </p>
              <p className="mt-0.5 text-slate-600">
                {a.project_id
                  ? `Moved ${a.project_title ?? "a project since deleted"} from Review to Launch`
                  : "No project was in Review, so none moved"}
              </p>
              {a.email_status === "failed" && <EmailFailed kind="approval" id={a.id} name={a.approver_name} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
