/**
 * The unlocked preview with a URL: the client's site in a sandboxed frame, and around it what
 * docs/decisions/0009-preview-feedback.md adds, feedback and approval. Loaded as its own chunk only once a preview is unlocked,
 * so the locked page (what every visitor and crawler gets) keeps its first-load weight.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { ExternalLink, MessageCircle } from "@/components/ui/icons";
import { buttonClass } from "@/components/ui/button";
import { api, ok } from "@/lib/api";
import { usePublicToast } from "@/lib/lazy-toast";
import { useMediaQuery } from "@/lib/media-query";
import { ApprovalDialog } from "./approval-dialog";
import { FeedbackPanel } from "./feedback-panel";
import { dateInLondon } from "./preview-dates";
import { usePreviewFeedback } from "./use-preview-feedback";
import { loadFeedbackContract, type FeedbackContract } from "./contract-copy";

const WIDE = "(min-width: 768px)";

const ACCESS_ENDED = "Your access to this preview has changed or ended. Please enter your access code again.";

interface UnlockedClient {
  name: string;
  previewUrl: string | null;
}

interface Props {
  clientId: string;
  client: UnlockedClient;
  /** The preview as the server now answers it (a new URL, or none). */
  onClient: (client: UnlockedClient) => void;
  /** The unlock no longer holds: the page goes back to its locked view with this message. */
  onLocked: (message: string) => void;
}

export function PreviewWorkspace({ clientId, client, onClient, onLocked }: Props) {
  const show = usePublicToast();
  const locked = useRef(onLocked);
  const clientChanged = useRef(onClient);
  useEffect(() => {
    locked.current = onLocked;
    clientChanged.current = onClient;
  });

  /**
   * Asks the server for the preview again: the frame follows a newly published URL, and a
   * revoked or rotated code takes the page back to its locked view. True while still unlocked.
   */
  const refreshPreview = useCallback(async (): Promise<boolean> => {
    try {
      const res = await ok(api.previews[":clientId"].$get({ param: { clientId } }));
      if (!res.success) {
        locked.current(ACCESS_ENDED);
        return false;
      }
      clientChanged.current(res.client);
    } catch {
      // Not reached: what is on screen stays, and the next poll asks again.
    }
    return true;
  }, [clientId]);
  const wide = useMediaQuery(WIDE, true);
  const panelId = useId();
  const feedbackButton = useRef<HTMLButtonElement>(null);
  const approveButton = useRef<HTMLButtonElement>(null);
  const approvedNote = useRef<HTMLParagraphElement>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  // The contract's messages once loaded: the approval dialog is open while this is set.
  const [approving, setApproving] = useState<FeedbackContract | null>(null);
  const [newReply, setNewReply] = useState(false);
  // A card the studio has not linked to a client has a preview but no feedback: the API's 409 says so.
  const [notOpen, setNotOpen] = useState<string | null>(null);
  const unavailable = notOpen !== null;

  const onUnauthorised = useCallback(() => void refreshPreview(), [refreshPreview]);
  const feedback = usePreviewFeedback(clientId, !unavailable, onUnauthorised, setNotOpen);
  const { data, refetch } = feedback;
  const release = data?.release ?? null;

  // A version published while the page is open: ask for the preview again so the frame follows it.
  const shownRelease = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!data) return;
    const id = data.release?.id ?? null;
    if (shownRelease.current === id) return;
    shownRelease.current = id;
    if ((data.release?.preview_url ?? null) !== client.previewUrl) void refreshPreview();
  }, [data, client.previewUrl, refreshPreview]);

  // A studio reply that arrives while the panel is closed lights the button until it is opened.
  const seenReplies = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = data.comments.flatMap((c) => c.replies.map((r) => r.id));
    const seen = seenReplies.current;
    if (seen && !panelOpen && ids.some((id) => !seen.has(id))) setNewReply(true);
    if (!seen || panelOpen) seenReplies.current = new Set(ids);
  }, [data, panelOpen]);

  const openPanel = () => {
    setPanelOpen(true);
    setNewReply(false);
  };
  // Focus goes back to the button once the panel has gone: on a phone the top bar is inert until then.
  const returnFocus = useRef(false);
  const closePanel = () => {
    setPanelOpen(false);
    returnFocus.current = true;
  };
  useEffect(() => {
    if (panelOpen || !returnFocus.current) return;
    returnFocus.current = false;
    feedbackButton.current?.focus();
  }, [panelOpen]);

  const openApproval = () => {
    loadFeedbackContract().then(setApproving, () =>
      show({ kind: "error", title: "Error", description: "Something went wrong. Please try again." }),
    );
  };
  const onApproved = () => {
    setApproving(null);
    show({ kind: "success", title: approving?.APPROVED_TOAST ?? "" });
    // The button the focus would return to has gone: the note that replaced it takes it.
    requestAnimationFrame(() => approvedNote.current?.focus());
  };
  const onStale = () => {
    setApproving(null);
    show({ kind: "error", title: "Not approved", description: approving?.STALE_RELEASE_MESSAGE });
    requestAnimationFrame(() => approveButton.current?.focus());
    void refreshPreview();
    void refetch();
  };
  const closeApproval = () => {
    setApproving(null);
    approveButton.current?.focus();
  };

  const sheet = panelOpen && !wide;
  const approval = data?.approval ?? null;
  return (
    <div className="fixed inset-0 z-50 flex flex-col bg-white">
      {/* One line at any width: on a phone the buttons keep their names but show an icon or a short word. */}
      <div inert={sheet} className="flex items-center justify-between gap-x-2 border-b border-slate-200 px-3 py-2 sm:gap-x-3 sm:px-4">
        <h1 className="min-w-0 truncate text-sm font-semibold">{client.name} preview</h1>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {!unavailable && (
            <button
              ref={feedbackButton}
              type="button"
              aria-expanded={panelOpen}
              aria-controls={panelOpen ? panelId : undefined}
              onClick={() => (panelOpen ? closePanel() : openPanel())}
              className={buttonClass("secondary", "sm", "relative max-sm:px-2.5")}
            >
              <MessageCircle className="size-4 sm:hidden" aria-hidden="true" />
              <span className="max-sm:sr-only">Leave feedback</span>
              {newReply && (
                <>
                  <span className="absolute -top-1 -right-1 size-3 rounded-full border-2 border-white bg-brick-600" aria-hidden="true" />
                  <span className="sr-only">(new reply)</span>
                </>
              )}
            </button>
          )}
          {notOpen && (
            <p role="status" className="text-sm text-slate-600">
              {notOpen}
            </p>
          )}
          {approval ? (
            <p ref={approvedNote} tabIndex={-1} role="status" className="text-sm font-medium text-emerald-800 focus:outline-none">
              Approved by {approval.approver_name} on {dateInLondon(approval.created_at)}
            </p>
          ) : (
            release &&
            !unavailable && (
              <button ref={approveButton} type="button" onClick={openApproval} className={buttonClass("primary", "sm", "max-sm:px-2.5")}>
                Approve<span className="max-sm:sr-only"> this version</span>
              </button>
            )
          )}
          <a
            href={client.previewUrl ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("ghost", "sm", "max-sm:px-2")}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">Open in new tab</span>
          </a>
        </div>
      </div>
      <div className="flex min-h-0 flex-1">
        <PreviewFrame key={client.previewUrl} url={client.previewUrl ?? ""} name={client.name} inert={sheet} />
        {panelOpen && !unavailable && (
          <FeedbackPanel
            id={panelId}
            sheet={!wide}
            comments={feedback.comments}
            currentReleaseId={release?.id ?? null}
            onSend={feedback.addComment}
            onClose={closePanel}
          />
        )}
      </div>
      {approving && release?.preview_url && (
        <ApprovalDialog
          copy={approving}
          release={{ ...release, preview_url: release.preview_url }}
          onApprove={feedback.approve}
          onApproved={onApproved}
          onStale={onStale}
          onClose={closeApproval}
        />
      )}
    </div>
  );
}

/** How long a frame may take before the page says it has not loaded. */
const FRAME_PATIENCE_MS = 8_000;

/**
 * The client's site in a sandboxed frame. A site that never loads here (down, very slow, or one
 * whose server will not be framed and leaves the frame hanging) would be a blank page: after a wait
 * the page says so and offers the site in a new tab. A frame cannot report why it failed, and a
 * refusal that the browser turns into its own error page still counts as loaded; the header's
 * Open in new tab is there for that.
 */
function PreviewFrame({ url, name, inert }: { url: string; name: string; inert: boolean }) {
  const [state, setState] = useState<"loading" | "loaded" | "slow" | "dismissed">("loading");
  useEffect(() => {
    const timer = setTimeout(() => setState((s) => (s === "loading" ? "slow" : s)), FRAME_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="relative flex min-w-0 flex-1">
      <iframe
        inert={inert}
        src={url || undefined}
        title={`Website preview for ${name}`}
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        className="h-full min-w-0 flex-1 border-0"
        onLoad={() => setState("loaded")}
        onError={() => setState("slow")}
      />
      {state === "loading" && (
        <p role="status" className="pointer-events-none absolute inset-x-0 top-1/3 text-center text-sm text-slate-500">
          Loading your preview…
        </p>
      )}
      {state === "slow" && (
        <div className="absolute inset-0 flex items-center justify-center bg-white/95 p-6">
          <div role="alert" className="max-w-md text-center">
            <h2 className="text-lg font-semibold">Your preview has not loaded here</h2>
            <p className="mt-2 text-slate-600">
              The site may be slow, or it may not allow being shown inside another page. It should open in a tab of its own.
            </p>
            <div className="mt-5 flex flex-wrap justify-center gap-2">
              <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "md")}>
                <ExternalLink className="size-4" aria-hidden="true" />
                Open in new tab
              </a>
              <button type="button" onClick={() => setState("dismissed")} className={buttonClass("secondary", "md")}>
                Keep waiting
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
