/**
 * The client's pages (/p, /i) are read by people, not scripts: when the guessing limit stops a
 * network (429), it is told so on a page with the studio's contact details, not in JSON.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../env";
import { waitMessage } from "../../../contract/wait-message";
import { linkLimitedHtml } from "./document-page";
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
