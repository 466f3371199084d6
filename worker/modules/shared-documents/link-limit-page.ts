/**
 * The client's pages (/p, /i) are read by people, not scripts: a link that does not open, or a
 * network the guessing limit stops (429), is told so on a page with the studio's contact details,
 * not in JSON.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import type { DocumentKind } from "../../../contract/shared-link";
import { waitMessage } from "../../../contract/wait-message";
import { linkEndedHtml, linkLimitedHtml } from "./document-page";
import { SHARED_PAGE_HEADERS } from "./shared-links";
import { getStudioSettings } from "../settings";
import { toAppError } from "../../http/errors";

export const linkLimitAsPage = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const known = toAppError(c.error);
  if (known?.code !== "rate_limited") return;
  const { settings: studio } = await getStudioSettings(c.get("db"), c.env.STUDIO_NAME);
  const message = waitMessage(Number(known.headers?.["Retry-After"]) || undefined);
  c.res = c.html(linkLimitedHtml(message, studio, c.env.STUDIO_INBOX), 429, { ...SHARED_PAGE_HEADERS, ...known.headers });
});

/** Why a link does not open: revoked or replaced, an unanswered proposal past its date, or no link we made. */
export type LinkGone = { kind: "ended" } | { kind: "expired"; title: string } | { kind: "unknown" };

/** The page of a link that does not open: 410 when it ended or expired, 404 when it is unknown. */
export async function linkGonePage(c: Context<AppEnv>, what: DocumentKind, gone: LinkGone) {
  const { settings: studio } = await getStudioSettings(c.get("db"), c.env.STUDIO_NAME);
  const ended =
    gone.kind === "expired" ? { kind: "expired" as const, what: "proposal" as const, title: gone.title } : { kind: "ended" as const, what };
  return c.html(linkEndedHtml(ended, studio, c.env.STUDIO_INBOX), gone.kind === "unknown" ? 404 : 410, SHARED_PAGE_HEADERS);
}
