/**
 * The preview page's feedback: GET /api/previews/:clientId/feedback, asked again every few
 * seconds while the tab is visible so the studio's replies (and a newly published version)
 * arrive without a reload. Public pages carry no query library, so this is a small hand-made
 * poll: the newest answer wins, and none is asked for while a comment is being sent, which
 * would otherwise show it twice for a moment.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApprovalInput, CommentInput, PreviewFeedback, PublicComment } from "@contract/preview-feedback";
import { api, isApiError, ok } from "@/lib/api";

export const POLL_MS = 5_000;

/** A comment on screen: sent, or on its way (shown at once, removed again if sending fails). */
export type ShownComment = PublicComment & { sending?: boolean };

/**
 * `onUnauthorised`: the unlock no longer holds (401). `onNotOpen`: the card is not linked to a
 * client yet, so there is no feedback to show or send (409, with the words to show).
 */
export function usePreviewFeedback(clientId: string, enabled: boolean, onUnauthorised: () => void, onNotOpen: (message: string) => void) {
  const [data, setData] = useState<PreviewFeedback | null>(null);
  const [pending, setPending] = useState<ShownComment[]>([]);
  const latest = useRef(0);
  const posting = useRef(0);
  const unauthorised = useRef(onUnauthorised);
  const notOpen = useRef(onNotOpen);
  useEffect(() => {
    unauthorised.current = onUnauthorised;
    notOpen.current = onNotOpen;
  });

  const failed = useCallback((error: unknown) => {
    if (isApiError(error) && error.status === 401) unauthorised.current();
    if (isApiError(error) && error.status === 409) notOpen.current(error.message);
  }, []);

  const refetch = useCallback(async () => {
    const mine = ++latest.current;
    try {
      const next = await ok(api.previews[":clientId"].feedback.$get({ param: { clientId } }));
      if (mine === latest.current) setData(next);
    } catch (error) {
      // Anything but a 401 keeps the last copy on screen: the next poll asks again.
      failed(error);
    }
  }, [clientId, failed]);

  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const tick = () => {
      if (document.visibilityState === "visible" && posting.current === 0) void refetch();
    };
    const start = () => {
      window.clearInterval(timer);
      timer = window.setInterval(tick, POLL_MS);
    };
    // A hidden tab stops asking; coming back asks at once, then every few seconds again.
    const onVisibility = () => {
      if (document.visibilityState !== "visible") return window.clearInterval(timer);
      tick();
      start();
    };
    tick();
    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [enabled, refetch]);

  const addComment = useCallback(
    async (input: CommentInput) => {
      const now = new Date().toISOString();
      const shown: ShownComment = {
        id: `sending-${now}-${Math.random()}`,
        author_name: input.author_name.trim(),
        body: input.body.trim(),
        page: input.page?.trim() || null,
        status: "Open",
        created_at: now,
        release: data?.release ?? { id: "", preview_url: null, published_at: now },
        replies: [],
        sending: true,
      };
      posting.current++;
      setPending((list) => [shown, ...list]);
      try {
        const { comment } = await ok(api.previews[":clientId"].comments.$post({ param: { clientId }, json: input }));
        latest.current++; // an answer asked for before this comment must not drop it again
        setData((d) => d && { ...d, comments: [comment, ...d.comments.filter((c) => c.id !== comment.id)] });
        return comment;
      } catch (error) {
        failed(error);
        throw error;
      } finally {
        posting.current--;
        setPending((list) => list.filter((c) => c !== shown));
      }
    },
    [clientId, data?.release, failed],
  );

  const approve = useCallback(
    async (input: ApprovalInput) => {
      try {
        const { approval } = await ok(api.previews[":clientId"].approvals.$post({ param: { clientId }, json: input }));
        latest.current++;
        setData((d) => d && { ...d, approval });
        return approval;
      } catch (error) {
        // An approval's 409 is a version replaced meanwhile: the dialog explains it and reloads.
        if (isApiError(error) && error.status === 401) unauthorised.current();
        throw error;
      }
    },
    [clientId],
  );

  const comments: ShownComment[] = [...pending, ...(data?.comments ?? [])];
  return { data, comments, refetch, addComment, approve };
}
