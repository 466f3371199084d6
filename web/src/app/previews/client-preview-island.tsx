/**
 * A client's preview, the interactive part of /clients/{clientId}. Locked until the access code is
 * verified (POST /api/previews/:clientId/verify); a signed cookie then keeps it unlocked for 12 h,
 * and the worker serves the page already unlocked (web/src/app/previews/unlocked-state.ts).
 * Toasts load on demand, so sonner is not part of the first paint.
 */
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from "react";
import { Lock, Mail } from "@/components/ui/icons";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { Button, buttonClass } from "@/components/ui/button";
import { Field, PasswordInput } from "@/components/ui/field";
import { clientPreviewById } from "@/content/client-previews";
import { mailtoWithSubject } from "@/content/links";
import { api, isApiError, ok } from "@/lib/api";
import { waitMessage } from "@/lib/form-errors";
import { usePublicToast } from "@/lib/lazy-toast";
import { initialUnlocked, loadWorkspace, loadedWorkspace, type UnlockedClient } from "./unlocked-state";

const INVALID = "Invalid credentials. Please check your access code.";
const FAILED = "Authentication failed. Please try again.";
/** One toast for the code's answer: a grant replaces an earlier refusal rather than sitting under it. */
const ACCESS_TOAST = "preview-access";

/**
 * The unlocked preview (frame, feedback, approval) is its own chunk: only visitors with the
 * code need it, and the locked page is what everyone else downloads. Asked for as soon as an
 * unlock looks likely (a code is sent, or an earlier unlock is remembered), so it arrives while
 * the server answers.
 */
const prefetchWorkspace = () => void loadWorkspace().catch(() => undefined);
const LazyWorkspace = lazy(() => loadWorkspace().then((m) => ({ default: m.PreviewWorkspace })));

/**
 * The unlock cookie is HttpOnly, so the page cannot see it. A hint in localStorage (no secret: an
 * expiry time) says an unlock happened here recently, so first-time visitors are not sent on a
 * cookie check that can only answer 401 (which browsers log as a console error).
 */
const HINT_MS = 12 * 60 * 60 * 1000;
const hintKey = (id: string) => `preview-unlocked:${id}`;
function hasUnlockHint(id: string): boolean {
  try {
    return Number(localStorage.getItem(hintKey(id))) > Date.now();
  } catch {
    return true; // storage blocked: ask the server
  }
}
function setUnlockHint(id: string, on: boolean) {
  try {
    if (on) localStorage.setItem(hintKey(id), String(Date.now() + HINT_MS));
    else localStorage.removeItem(hintKey(id));
  } catch {
    // storage blocked: nothing to remember
  }
}

/** The preview page's interactive part: the access form, then the preview (an island: web/src/components/island.tsx). */
export function ClientPreviewIsland({ clientId }: { clientId: string }) {
  const card = clientPreviewById(clientId);
  // Served unlocked by the worker (a code posted without JavaScript, or an earlier unlock): start there.
  const [client, setClient] = useState<UnlockedClient | null>(initialUnlocked);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const show = usePublicToast();
  // Synchronous when already loaded, as the prerender writes the unlocked page; chosen once, since
  // switching component types later would remount the preview and lose its open panel.
  const [PreviewWorkspace] = useState(() => loadedWorkspace()?.PreviewWorkspace ?? LazyWorkspace);

  useEffect(() => {
    if (!card || client || !hasUnlockHint(clientId)) return;
    prefetchWorkspace();
    let live = true;
    // A cookie from an earlier unlock (12 h) opens the preview straight away; a 401 just means locked.
    // An answer that comes after the visitor has unlocked with the code is older than that unlock, and
    // must not lock the page again.
    ok(api.previews[":clientId"].$get({ param: { clientId } }))
      .then((res) => live && setClient((current) => current ?? res.client))
      .catch(() => setUnlockHint(clientId, false));
    return () => {
      live = false;
    };
    // Only on arrival: later changes of `client` are the page's own doing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId, card]);

  if (!card) return <NotFoundContent />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code) {
      setError("Please enter your access code");
      return;
    }
    setBusy(true);
    setError(undefined);
    prefetchWorkspace();
    try {
      const res = await ok(api.previews[":clientId"].verify.$post({ param: { clientId }, json: { password: code } }));
      if (!res.success) throw new Error("verification refused");
      setClient(res.client);
      setUnlockHint(clientId, true);
      show({ kind: "success", title: "Access granted", description: `Welcome, ${res.client.name}!`, id: ACCESS_TOAST });
    } catch (err) {
      const message =
        isApiError(err) && err.status === 401 ? INVALID : isApiError(err) && err.status === 429 ? waitMessage(err.retryAfter) : FAILED;
      if (!isApiError(err) || (err.status !== 401 && err.status !== 429)) console.error("Preview verification failed", err);
      setError(message);
      show({ kind: "error", title: message === INVALID ? "Access denied" : "Error", description: message, id: ACCESS_TOAST });
    } finally {
      setBusy(false);
    }
  };

  if (client?.previewUrl) {
    return (
      <Suspense>
        <PreviewWorkspace
          clientId={clientId}
          client={client}
          onClient={setClient}
          // Revoked, rotated or expired while open: the locked view again, the field saying why.
          onLocked={(message) => {
            setUnlockHint(clientId, false);
            setClient(null);
            setCode("");
            setError(message);
          }}
        />
      </Suspense>
    );
  }

  if (client) {
    return (
      <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
        <p className="text-sm font-semibold tracking-widest text-brick-700 uppercase">{client.name}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight">Preview Coming Soon</h1>
        <p className="mt-4 max-w-md text-lg text-slate-600">
          We are still putting your website together. Your preview will appear here as soon as it is ready.
        </p>
        <a href={mailtoWithSubject(`${client.name} - Get Website`)} className={buttonClass("primary", "lg", "mt-8")}>
          <Mail className="size-5" aria-hidden="true" />
          Get Website
        </a>
      </section>
    );
  }

  return (
    <section className="container-page flex min-h-[70vh] items-center justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <span className="flex size-12 items-center justify-center rounded-full bg-brick-50 text-brick-700">
          <Lock className="size-5" aria-hidden="true" />
        </span>
        <p className="mt-6 text-sm font-semibold text-brick-700">{card.name}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">Client Preview</h1>
        <p className="mt-2 text-slate-600">Enter your access code to view the preview</p>
        <AccessForm
          action={`/api/previews/${clientId}/verify`}
          code={code}
          setCode={setCode}
          error={error}
          busy={busy}
          onSubmit={onSubmit}
        />
      </div>
    </section>
  );
}

function AccessForm(props: {
  /** Where the form posts when React is not running; the worker answers it (worker/http/native-form.ts). */
  action: string;
  code: string;
  setCode: (v: string) => void;
  error?: string;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
}) {
  const formId = useId();
  return (
    <form id={formId} method="post" action={props.action} onSubmit={props.onSubmit} noValidate className="mt-6 space-y-4">
      <Field label="Access Code" error={props.error} required>
        {(c) => (
          <PasswordInput
            {...c}
            name="password"
            autoComplete="current-password"
            value={props.code}
            onChange={(e) => props.setCode(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={props.busy} className="w-full">
        {props.busy ? "Verifying..." : "Access Preview"}
      </Button>
    </form>
  );
}
