/**
 * A preview page the worker served already unlocked (worker/modules/previews/preview-pages-routes.ts): it writes
 * the client into `<script type="application/json" id="preview-unlocked">`, and the page starts
 * from it, so React's first render is the unlocked HTML the browser already shows. The prerender
 * renders that HTML (scripts/prerender.ts) through `renderingUnlocked`.
 */
import { UNLOCKED_STATE_ID } from "@contract/preview-page";
export interface UnlockedClient {
  name: string;
  previewUrl: string | null;
}

let rendering: UnlockedClient | null = null;

/** The prerender's unlocked variants: what the page renders as unlocked while `render` runs. */
export async function renderingUnlocked<T>(client: UnlockedClient, render: () => Promise<T>): Promise<T> {
  rendering = client;
  try {
    if (client.previewUrl) await loadWorkspace();
    return await render();
  } finally {
    rendering = null;
  }
}

export function initialUnlocked(): UnlockedClient | null {
  if (typeof document === "undefined") return rendering;
  const text = document.getElementById(UNLOCKED_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const client = JSON.parse(text) as UnlockedClient;
    return typeof client?.name === "string" ? client : null;
  } catch {
    return null;
  }
}

type WorkspaceModule = typeof import("./feedback/preview-workspace");
let workspace: WorkspaceModule | undefined;

/**
 * The unlocked preview (frame, feedback, approval) is its own chunk: only visitors with the code
 * need it. Once loaded it renders synchronously, which is how the prerender writes it out.
 */
export const loadWorkspace = () =>
  import("./feedback/preview-workspace").then((m) => {
    workspace = m;
    return m;
  });
export const loadedWorkspace = () => workspace;
