/**
 * Client feedback on previews, the studio's side (docs/decisions/0009-preview-feedback.md): a client's comments and approvals,
 * the open-comment count of the Clients badge, and the reply, Resolve / Reopen and e-mail resend.
 * Keys start with "preview_feedback", so the live events preview_feedback and preview_approvals
 * (lib/live.ts) refresh every screen that shows them.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CommentStatus } from "@contract/preview-feedback";
import { api, ok } from "@/lib/api";
import { invalidateEntity } from "@/lib/live";

export const previewFeedbackKeys = {
  all: ["preview_feedback"] as const,
  client: (clientId: string) => [...previewFeedbackKeys.all, "client", clientId] as const,
  openCount: () => [...previewFeedbackKeys.all, "open-count"] as const,
};

export const clientFeedbackQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: previewFeedbackKeys.client(clientId),
    queryFn: ({ signal }) => ok(api.crm.clients[":id"].feedback.$get({ param: { id: clientId } }, { init: { signal } })),
    // The section shows its own error with Try again.
    meta: { errorTitle: false },
  });

export const openCommentCountQueryOptions = queryOptions({
  queryKey: previewFeedbackKeys.openCount(),
  queryFn: ({ signal }) => ok(api.crm["preview-comments"]["open-count"].$get(undefined, { init: { signal } })),
  select: (data) => data.open,
  // A missing badge is not worth a toast.
  meta: { errorTitle: false },
});

/** Refreshes what a feedback change touches: the section, the badge and the Activity Feed. */
function useInvalidateFeedback() {
  const queryClient = useQueryClient();
  return () => invalidateEntity(queryClient, "preview_feedback");
}

export function useReplyToComment() {
  const invalidate = useInvalidateFeedback();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      ok(api.crm["preview-comments"][":id"].replies.$post({ param: { id: commentId }, json: { body } })),
    onSuccess: invalidate,
    meta: { errorTitle: "Failed to send reply" },
  });
}

/** Resolve / Reopen from the copy on screen: a stale one is refused (409) and the query client's error path refetches. */
export function useSetCommentStatus() {
  const invalidate = useInvalidateFeedback();
  return useMutation({
    mutationFn: ({ commentId, status, updated_at }: { commentId: string; status: CommentStatus; updated_at: string }) =>
      ok(api.crm["preview-comments"][":id"].$patch({ param: { id: commentId }, json: { status, updated_at } })),
    onSuccess: invalidate,
    meta: { errorTitle: "Failed to update comment" },
  });
}

export function useResendFeedbackEmail() {
  const invalidate = useInvalidateFeedback();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: "comment" | "approval"; id: string }) =>
      kind === "comment"
        ? ok(api.crm["preview-comments"][":id"]["retry-email"].$post({ param: { id } }))
        : ok(api.crm["preview-approvals"][":id"]["retry-email"].$post({ param: { id } })),
    // A send that failed again is still marked failed: show the row as the server now has it.
    onSettled: invalidate,
    meta: { errorTitle: "Failed to resend notification" },
  });
}
