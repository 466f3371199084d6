/**
 * "Approve this version": the client signs off the version on screen with their full name and
 * a tick. A native modal <dialog> gives the focus trap, Escape and the backdrop without a
 * dialog library in the public chunk. The version shown is the one approved: if the studio has
 * published another since, the server refuses (409) and the caller reloads the preview.
 */
import { useEffect, useId, useRef, useState } from "react";
import { rememberName, rememberedName } from "./remembered-name";
import { useForm } from "react-hook-form";
import type { ApprovalInput, PreviewApproval, PreviewRelease } from "@contract/preview-feedback";
import { lazyZodResolver } from "@/components/marketing/forms/lazy-resolver";
import { Field, Input } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api";
import { applyFieldErrors, waitMessage } from "@/lib/form-errors";
import { dateTimeInLondon } from "./preview-dates";
import { loadFeedbackContract, type FeedbackContract } from "./contract-copy";

const validation = lazyZodResolver<ApprovalInput>(() => loadFeedbackContract().then((m) => m.approvalInput));

const NOT_SAVED = "Your approval could not be saved. Please try again.";

interface Props {
  /** The contract's messages: the dialog opens once they (and the schema) have loaded. */
  copy: FeedbackContract;
  release: PreviewRelease & { preview_url: string };
  onApprove: (input: ApprovalInput) => Promise<PreviewApproval>;
  onApproved: (approval: PreviewApproval) => void;
  /** The server has a newer version than the one shown (409): the caller explains and reloads. */
  onStale: () => void;
  onClose: () => void;
}

export function ApprovalDialog({ copy, release, onApprove, onApproved, onStale, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const checkboxId = useId();
  const [formError, setFormError] = useState<string | undefined>();
  const { register, handleSubmit, setError, formState } = useForm<ApprovalInput>({
    resolver: validation.resolver,
    // The name they already gave when commenting here: the sign-off is theirs to confirm, not to retype.
    defaultValues: { release_id: release.id, approver_name: rememberedName(), confirm: false as never },
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    validation.prefetch();
    const el = dialog.current;
    // No close on unmount: a removed dialog leaves the top layer by itself, and a close event
    // fired from a cleanup would reach the caller after it had already moved on.
    if (el && !el.open) el.showModal();
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const approval = await onApprove({ ...values, release_id: release.id, confirm: true });
      rememberName(values.approver_name.trim());
      onApproved(approval);
    } catch (error) {
      if (isApiError(error) && error.status === 409) return onStale();
      if (applyFieldErrors(error, setError, ["approver_name", "confirm"])) return;
      if (isApiError(error) && error.status === 401) return;
      if (!isApiError(error) || (error.status !== 429 && error.status !== 0)) console.error("Preview approval failed", error);
      setFormError(isApiError(error) && error.status === 429 ? waitMessage(error.retryAfter) : NOT_SAVED);
    }
  });

  const checkboxError = errors.confirm?.message;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[calc(100vw-2rem)] max-w-lg rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Approve this version
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        You are approving the version of your website published on{" "}
        <time dateTime={release.published_at} className="font-medium text-slate-900">
          {dateTimeInLondon(release.published_at)}
        </time>
        :
      </p>
      <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900">{release.preview_url}</p>
      <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
        <Field label="Your full name" error={errors.approver_name?.message} required>
          {(c) => <Input {...c} autoComplete="name" {...register("approver_name")} />}
        </Field>
        <div className="space-y-1.5">
          <div className="flex items-start gap-3">
            <input
              id={checkboxId}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brick-600"
              aria-invalid={checkboxError ? true : undefined}
              aria-describedby={checkboxError ? `${checkboxId}-error` : undefined}
              {...register("confirm")}
            />
            <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
              {copy.APPROVAL_CHECKBOX_LABEL}
            </label>
          </div>
          {checkboxError && (
            <p id={`${checkboxId}-error`} className="text-sm text-red-700">
              {checkboxError}
            </p>
          )}
        </div>
        {formError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Approving..." : "Approve"}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
