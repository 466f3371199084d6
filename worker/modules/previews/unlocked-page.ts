/**
 * A client preview served already unlocked, in its first HTML: the iframe (or "Preview Coming
 * Soon") without waiting for scripts, and with none at all. The build prerenders each card's
 * unlocked page with stand-in values (scripts/prerender.ts); this swaps the client's real name
 * and URL in and writes the same client as JSON for React to start from
 * (web/src/app/previews/unlocked-state.ts), so hydration meets exactly what it would render.
 */
import type { PreviewClient } from "../../../contract/preview";
import { escapeHtml, safeJson } from "../../platform/safe-json";
import { UNLOCKED_STATE_ID } from "../../../contract/preview-page";
import { mailtoPart } from "../../../contract/mailto";

/** Stand-ins the prerender renders and the worker replaces: plain text React leaves as is. */
export const UNLOCKED_NAME_TOKEN = "PreviewClientNameToken";
export const UNLOCKED_URL_TOKEN = "https://preview-url-token.invalid/";

/** Where the build writes a card's unlocked variants; the worker never serves these paths. */
export const unlockedVariantPath = (id: string, withUrl: boolean) => `/clients/${id}/${withUrl ? "unlocked" : "coming-soon"}`;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The stand-ins, and whole mailto: links (whose name must be URL-encoded), found in one pass. */
const SLOTS = new RegExp(`href="mailto:[^"]*"|${escapeRe(UNLOCKED_NAME_TOKEN)}|${escapeRe(UNLOCKED_URL_TOKEN)}`, "g");

/**
 * One pass over the template, with replacement functions: text the client's name or URL brings
 * in is never scanned again or read as a pattern (`$&` stays `$&`). In a mailto: link the name is
 * URL-encoded as the island encodes it, so a name like `A&bcc=x@evil.tld` stays the subject.
 */
export function fillUnlockedPage(template: string, client: PreviewClient): string {
  const state = `<script type="application/json" id="${UNLOCKED_STATE_ID}">${safeJson(client)}</script>`;
  const name = escapeHtml(client.name);
  const html = template.replace(SLOTS, (slot) => {
    if (slot === UNLOCKED_NAME_TOKEN) return name;
    if (slot === UNLOCKED_URL_TOKEN) return client.previewUrl ? escapeHtml(client.previewUrl) : slot;
    return slot.replaceAll(UNLOCKED_NAME_TOKEN, () => escapeHtml(mailtoPart(client.name)));
  });
  return html.replace("</body>", () => `${state}</body>`);
}
