/**
 * Calendar feeds: the signed-in member of staff's own feed under /api/crm/calendar-feed (state,
 * make or rotate, turn off), and the feed itself at /api/calendar/<token>.ics, which calendar apps
 * fetch with no cookie: the token is the only credential. The work is in modules/calendar/calendar-feeds.ts.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { CALENDAR_TOKEN_PATTERN, calendarFeedIssueInput, calendarFeedPath } from "../../../contract/calendar-feed";
import { jsonBody } from "../../platform/validate";
import { clientIp, limitKeyOf } from "../../platform/client-info";
import { auditSourceOf } from "../audit";
import { calendarFeed, calendarFeedStatus, issueCalendarFeed, turnOffCalendarFeed } from "./calendar-feeds";

export const calendarFeedRoute = new Hono<AppEnv>()
  .get("/", async (c) => c.json({ feed: await calendarFeedStatus(c.get("db"), c.get("user").id) }, 200))
  .post("/", jsonBody(calendarFeedIssueInput), async (c) => {
    const { token, status } = await issueCalendarFeed(c.get("db"), await auditSourceOf(c), c.get("user").id, c.req.valid("json").rotate);
    // The only time the URL exists outside the subscriber's calendar: the server keeps its hash alone.
    return c.json({ feed: status, url: `${new URL(c.req.url).origin}${calendarFeedPath(token)}` }, 201);
  })
  .delete("/", async (c) => {
    await turnOffCalendarFeed(c.get("db"), await auditSourceOf(c), c.get("user").id);
    return c.json({ feed: { enabled: false, issued_at: null } }, 200);
  });

export const calendarRoute = new Hono<AppEnv>().get("/:file", async (c) => {
  const token = /^(.+)\.ics$/.exec(c.req.param("file"))?.[1] ?? null;
  const ics = await calendarFeed(c.get("db"), {
    token: token && CALENDAR_TOKEN_PATTERN.test(token) ? token : null,
    limitKey: await limitKeyOf(clientIp(c), c.env.SESSION_SECRET),
    origin: new URL(c.req.url).origin,
    studioName: c.env.STUDIO_NAME,
  });
  return c.body(ics, 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    // Per person and secret: no shared cache may keep it, and a rotated URL must stop at once.
    "Cache-Control": "private, no-store",
    "Content-Disposition": 'inline; filename="calendar.ics"',
    "X-Robots-Tag": "noindex",
    "Referrer-Policy": "no-referrer",
  });
});
