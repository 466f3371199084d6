/**
 * "Leave feedback": the client's comment form and their earlier comments with the studio's
 * replies. Beside the preview on wider screens (a complementary region, so the site under review
 * stays in view), and a sheet over it on a phone: a modal dialog whose surroundings the caller
 * makes inert. Either way Escape and the close button close it.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { CommentInput } from "@contract/preview-feedback";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import { Field, Input } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { Button } from "@/components/ui/button";
import { X } from "@/components/ui/icons";
import { isApiError } from "@/lib/api";
import { applyFieldErrors, waitMessage } from "@/lib/form-errors";
import { usePublicToast } from "@/lib/lazy-toast";
import { cn } from "@/lib/cn";
import { dateTimeInLondon, dayInLondon } from "./preview-dates";
import type { ShownComment } from "./use-preview-feedback";
import { loadFeedbackContract } from "./contract-copy";
import { rememberName, rememberedName } from "./remembered-name";

const validation = lazyZodResolver<CommentInput>(() => loadFeedbackContract().then((m) => m.commentInput));

const NOT_SENT = "Your feedback could not be sent. Please try again.";

interface PanelProps {
  id: string;
  /** A phone: a modal sheet over the preview instead of a column beside it. */
  sheet: boolean;
  comments: ShownComment[];
  /** The version on screen: comments on any other are marked with their version's date. */
  currentReleaseId: string | null;
  onSend: (input: CommentInput) => Promise<unknown>;
  onClose: () => void;
}

export function FeedbackPanel({ id, sheet, comments, currentReleaseId, onSend, onClose }: PanelProps) {
  const headingId = useId();
  const show = usePublicToast();
  const [formError, setFormError] = useState<string | undefined>();
  const form = useForm<CommentInput>({
    resolver: validation.resolver,
    defaultValues: { body: "", page: "", author_name: rememberedName() },
  });
  const { register, handleSubmit, reset, setError, setFocus, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    validation.prefetch();
    setFocus("body");
  }, [setFocus]);

  // On the document, not the panel: the focus may be on the page around it (after a send, or a
  // click on the top bar). Keys pressed inside the preview's frame stay with the client's site.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || document.querySelector("dialog[open]")) return;
      close.current();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await onSend(values);
      rememberName(values.author_name.trim());
      reset({ body: "", page: "", author_name: values.author_name });
      // Loaded already: the resolver validated with the same module.
      show({ kind: "success", title: (await loadFeedbackContract()).COMMENT_SENT_TOAST });
      // The send button was disabled while busy, which dropped the focus: ready for the next one.
      setFocus("body");
    } catch (error) {
      if (applyFieldErrors(error, setError, ["body", "page", "author_name"])) return;
      // A 401 has already taken the page back to its locked view; a 409 closed the panel and says why.
      if (isApiError(error) && (error.status === 401 || error.status === 409)) return;
      const message = isApiError(error) && error.status === 429 ? waitMessage(error.retryAfter) : NOT_SENT;
      if (!isApiError(error) || (error.status !== 429 && error.status !== 0)) console.error("Preview feedback failed", error);
      setFormError(message);
      show({ kind: "error", title: "Not sent", description: message });
    }
  });

  const Region = sheet ? "div" : "aside";
  return (
    <Region
      id={id}
      aria-labelledby={headingId}
      {...(sheet ? { role: "dialog", "aria-modal": true } : {})}
      className={cn(
        "flex flex-col bg-white",
        sheet
          ? "fixed inset-x-0 top-10 bottom-0 z-[60] rounded-t-2xl border-t border-slate-200 shadow-2xl"
          : "w-96 shrink-0 border-l border-slate-200 lg:w-[26rem]",
      )}
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold">
          Feedback
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close feedback"
          className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Leave feedback">
          <p className="text-sm text-slate-600">Tell us what you would like changed. We reply here, under your comment.</p>
          <Field label="Comment" error={errors.body?.message} required>
            {(c) => <Textarea {...c} rows={5} {...register("body")} />}
          </Field>
          <Field label="Page" hint="Optional: the page of your site it is about, e.g. /about" error={errors.page?.message}>
            {(c) => <Input {...c} placeholder="/about" {...register("page")} />}
          </Field>
          <Field label="Your name" error={errors.author_name?.message} required>
            {(c) => <Input {...c} autoComplete="name" {...register("author_name")} />}
          </Field>
          {formError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {formError}
            </p>
          )}
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? "Sending..." : "Send feedback"}
          </Button>
        </form>
        <CommentList comments={comments} currentReleaseId={currentReleaseId} />
      </div>
    </Region>
  );
}

function CommentList({ comments, currentReleaseId }: { comments: ShownComment[]; currentReleaseId: string | null }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className="text-sm font-semibold text-slate-800">
        Your comments
      </h3>
      {comments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No comments yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {comments.map((c) => (
            <li key={c.id}>
              <CommentItem comment={c} older={!c.sending && !!currentReleaseId && c.release.id !== currentReleaseId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentItem({ comment, older }: { comment: ShownComment; older: boolean }) {
  return (
    <article className="rounded-xl border border-slate-200 p-3 text-sm" aria-busy={comment.sending || undefined}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">{comment.author_name}</p>
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-medium",
            comment.status === "Resolved" ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900",
          )}
        >
          {comment.status}
        </span>
      </div>
      <p className="mt-0.5 text-xs text-slate-600">
        {comment.sending ? "Sending..." : <time dateTime={comment.created_at}>{dateTimeInLondon(comment.created_at)}</time>}
        {comment.page && <> · {comment.page}</>}
        {older && <> · on the version of {dayInLondon(comment.release.published_at)}</>}
      </p>
      {/* Text, never markup: React escapes it, and pre-line keeps the client's line breaks. */}
      <p className="mt-2 break-words whitespace-pre-line text-slate-800">{comment.body}</p>
      {comment.replies.length > 0 && (
        <ul className="mt-3 space-y-2 border-l-2 border-brick-200 pl-3" aria-label="Replies from the studio">
          {comment.replies.map((r) => (
            <li key={r.id}>
              <p className="text-xs text-slate-600">
                <span className="font-semibold text-slate-900">{r.author_name}</span> ·{" "}
                <time dateTime={r.created_at}>{dateTimeInLondon(r.created_at)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-800">{r.body}</p>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
