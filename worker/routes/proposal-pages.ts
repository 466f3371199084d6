/**
 * GET /p/<token>: the client's proposal page (worker/proposals/page.ts), server-written, no script,
 * never indexed and never sending the link on as a referrer. A revoked or expired link says so
 * (410) with the studio's contact details; an unknown one answers 404, and too many unknown ones
 * from a network 429.
 */
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { currentUser } from "../auth/session";
import { limitKeyOf } from "../lib/client-info";
import { clientIp } from "../middleware/auth";
import { linkEndedHtml, proposalPageHtml } from "../proposals/page";
import { openSharedProposal } from "../services/proposals";
import { getStudioSettings } from "../services/settings";

/** 256 bits, base64url: anything else is not a link we made, and reads nothing. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const page = (c: Context<AppEnv>, html: string, status: 200 | 404 | 410) =>
  c.html(html, status, {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
  });

export const proposalPages = new Hono<AppEnv>().get("/:token", async (c) => {
  const db = c.get("db");
  const token = c.req.param("token");
  const { settings: studio } = await getStudioSettings(db, c.env.STUDIO_NAME);
  // A member of staff looking at what the client sees is not the client viewing it.
  const staff = await currentUser(c, db);
  const opened = await openSharedProposal(db, TOKEN.test(token) ? token : "-", await limitKeyOf(clientIp(c), c.env.SESSION_SECRET), !staff);
  switch (opened.kind) {
    case "open":
      return page(c, proposalPageHtml({ studio, studioEmail: c.env.STUDIO_INBOX, proposal: opened.proposal }), 200);
    case "expired":
      return page(c, linkEndedHtml("expired", studio, c.env.STUDIO_INBOX, opened.title), 410);
    case "ended":
      return page(c, linkEndedHtml("ended", studio, c.env.STUDIO_INBOX), 410);
    case "unknown":
      return page(c, linkEndedHtml("ended", studio, c.env.STUDIO_INBOX), 404);
  }
});
