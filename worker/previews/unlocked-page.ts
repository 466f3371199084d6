/**
 * A client preview served already unlocked, in its first HTML: the iframe (or "Preview Coming
 * Soon") without waiting for scripts, and with none at all. The build prerenders each card's
 * unlocked page with stand-in values (scripts/prerender.ts); this swaps the client's real name
 * and URL in and writes the same client as JSON for React to start from
 * (web/src/app/previews/unlocked-state.ts), so hydration meets exactly what it would render.
 */
import type { PreviewClient } from "../../contract/preview";
import { escapeHtml, safeJson } from "../lib/safe-json";
import { UNLOCKED_STATE_ID } from "../../contract/preview-page";

/** Stand-ins the prerender renders and the worker replaces: plain text React leaves as is. */
export const UNLOCKED_NAME_TOKEN = "PreviewClientNameToken";
export const UNLOCKED_URL_TOKEN = "https://preview-url-token.invalid/";

/** Where the build writes a card's unlocked variants; the worker never serves these paths. */
export const unlockedVariantPath = (id: string, withUrl: boolean) => `/clients/${id}/${withUrl ? "unlocked" : "coming-soon"}`;

export function fillUnlockedPage(template: string, client: PreviewClient): string {
  const state = `<script type="application/json" id="${UNLOCKED_STATE_ID}">${safeJson(client)}</script>`;
  let html = template.replaceAll(UNLOCKED_NAME_TOKEN, escapeHtml(client.name));
  if (client.previewUrl) html = html.replaceAll(UNLOCKED_URL_TOKEN, escapeHtml(client.previewUrl));
  return html.replace("</body>", () => `${state}</body>`);
}
