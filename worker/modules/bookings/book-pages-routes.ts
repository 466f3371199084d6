/**
 * The booking pages as the worker answers them. /book is the prerendered page with the free times
 * written in on each request (a list grouped by day, radio buttons, in the visitor's zone beside
 * London's), so it books with JavaScript off; /book/call/{token} is the visitor's booked call
 * (when, how, Add to calendar), read by the token only their confirmation and e-mail carry.
 */
import type { Element as PageElement } from "@cloudflare/workers-types";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { dayLabel, slotLabel, STUDIO_PLACE, STUDIO_ZONE, type BookingDay } from "../../../contract/booking-slots";
import { callChangeMessages, knownZone, slotProblemMessages } from "../../../contract/booking";
import { fetchAsset, notFoundPage } from "../../http/assets";
import { escapeHtml } from "../../platform/safe-json";
import { getBookingSettings } from "./booking-settings";
import { freeTimes } from "./book";
import { bookingMailOf, callByToken, cancellable, movableTimes } from "./manage";
import { howWords, invitationOf, visitorWhen } from "./invitations";

/** The zones the page offers, London first: where the studio's clients usually are. */
export const OFFERED_ZONES: readonly (readonly [string, string])[] = [
  ["Europe/London", "London"],
  ["Europe/Dublin", "Dublin"],
  ["Europe/Paris", "Paris, Berlin, Madrid"],
  ["Europe/Athens", "Athens, Helsinki"],
  ["Asia/Dubai", "Dubai"],
  ["Asia/Kolkata", "India"],
  ["Asia/Singapore", "Singapore"],
  ["Asia/Tokyo", "Tokyo"],
  ["Australia/Sydney", "Sydney"],
  ["Pacific/Auckland", "Auckland"],
  ["America/Sao_Paulo", "São Paulo"],
  ["America/New_York", "New York, Toronto"],
  ["America/Chicago", "Chicago"],
  ["America/Denver", "Denver"],
  ["America/Los_Angeles", "Los Angeles, Vancouver"],
  ["UTC", "UTC"],
];

/** The zone to show times in: the visitor's choice, else Cloudflare's guess from where the request came from. */
export function zoneFor(c: Context<AppEnv>, chosen: string | undefined): { zone: string; guessed: boolean } {
  const picked = knownZone(chosen);
  if (picked) return { zone: picked, guessed: false };
  const cf = (c.req.raw as { cf?: { timezone?: string } }).cf;
  return { zone: knownZone(cf?.timezone) ?? STUDIO_ZONE, guessed: true };
}

/** The free times as radio buttons, a fieldset per London day; `checked` stays chosen when still free. */
export function timesMarkup(days: BookingDay[], zone: string, checked?: string): string {
  if (days.length === 0)
    return '<p class="text-slate-600">There are no free times to book just now. Please <a href="/contact">send us a message</a> instead.</p>';
  return days
    .map(
      (d) =>
        `<fieldset class="space-y-2"><legend class="font-semibold">${escapeHtml(dayLabel(d.date))}</legend><div class="grid gap-2 sm:grid-cols-2">${d.starts
          .map(
            (s) =>
              `<label class="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2"><input type="radio" name="start" value="${s}" class="accent-brick-600"${s === checked ? " checked" : ""}> ${escapeHtml(slotLabel(s, zone))}</label>`,
          )
          .join("")}</div></fieldset>`,
    )
    .join("");
}

const zoneName = (zone: string) => OFFERED_ZONES.find(([z]) => z === zone)?.[1] ?? zone;

/** The page's zone controls and free times, written into a copy of /book (fresh, or re-rendered with a post's messages). */
export async function withTimes(c: Context<AppEnv>, page: Response, zoneAsked: string | undefined, checked?: string): Promise<Response> {
  const { days } = await freeTimes(c.get("db"));
  const { zone, guessed } = zoneFor(c, zoneAsked);
  const zones = OFFERED_ZONES.some(([z]) => z === zone) ? OFFERED_ZONES : [[zone, zone] as const, ...OFFERED_ZONES];
  const note = guessed
    ? `We guessed ${zoneName(zone)} from where you are: change it if that is wrong.`
    : zone === STUDIO_ZONE
      ? "Times are in London, where we are."
      : `Times are in ${zoneName(zone)}, with ours in ${STUDIO_PLACE} beside them.`;
  const rewritten = new HTMLRewriter()
    .on("[data-book-times]", { element: (el) => void el.setInnerContent(timesMarkup(days, zone, checked), { html: true }) })
    .on("[data-book-zone]", { element: (el) => void el.setAttribute("value", zone) })
    .on("[data-book-zone-note]", { element: (el) => void el.setInnerContent(note) })
    .on("[data-book-zones]", {
      element: (el) =>
        void el.setInnerContent(
          zones
            .map(([z, name]) => `<option value="${escapeHtml(z)}"${z === zone ? " selected" : ""}>${escapeHtml(name)}</option>`)
            .join(""),
          { html: true },
        ),
    })
    .transform(page as never) as unknown as Response;
  // The headers it was given (a refused post's Retry-After), as a page no cache keeps.
  const headers = new Headers(page.headers);
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  return new Response(rewritten.body, { status: page.status, headers });
}

/** GET /book; a studio that prefers an outside scheduler (Settings → Bookings) sends its visitors there. */
export async function bookPage(c: Context<AppEnv>): Promise<Response> {
  const { settings } = await getBookingSettings(c.get("db"));
  if (settings.outside_scheduler_url) return c.redirect(settings.outside_scheduler_url, 302);
  const asset = await fetchAsset(c, "/book");
  if (!asset.ok) return notFoundPage(c);
  // The file's own headers (its ETag) are not this page's.
  return withTimes(c, new Response(asset.body), c.req.query("zone"));
}

/** What the call's page says after a move was posted (its ?move=): done, or why not. */
const MOVE_NOTES: Record<string, string> = {
  moved: "Your call is moved. We've e-mailed you the updated invitation.",
  // The booking form's own word for a post with no time chosen.
  choose: "Choose a time",
  same: callChangeMessages.same,
  late: callChangeMessages.too_late_to_move,
  cancelled: callChangeMessages.cancelled,
  ...slotProblemMessages,
};

/** GET /book/call/{token}: the booked call, in the zone it was booked in, with the times it can move to. */
export async function callPage(c: Context<AppEnv>, token: string): Promise<Response> {
  const call = await callByToken(c.get("db"), token);
  if (!call) return notFoundPage(c);
  const open = cancellable(call);
  const { settings } = await getBookingSettings(c.get("db"));
  const [template, mail, moveTo] = await Promise.all([
    fetchAsset(c, "/book/call"),
    bookingMailOf(c.env, c.get("db"), call, "", settings),
    open ? movableTimes(c.get("db"), call, settings) : Promise.resolve([]),
  ]);
  if (!template.ok) return notFoundPage(c);
  const note = Object.hasOwn(MOVE_NOTES, c.req.query("move") ?? "") ? MOVE_NOTES[c.req.query("move")!] : "";
  const cancelled = call.status === "cancelled";
  const when = visitorWhen(call.start_at, mail.visitor.zone);
  // A cancelled call's page says so first, where a booked one says it is booked.
  const unlessCancelled = (words: string) => (el: PageElement) => void (cancelled && el.setInnerContent(words));
  const rewritten = new HTMLRewriter()
    .on("script#page-boot", { element: (el) => void el.remove() })
    .on("title", { element: unlessCancelled(`Your call is cancelled | ${c.env.STUDIO_NAME}`) })
    .on("h1", { element: unlessCancelled("Your call is cancelled") })
    .on("[data-call-intro]", { element: unlessCancelled("We've e-mailed you the cancellation. You're welcome to book another time.") })
    .on("[data-call-when]", { element: (el) => void el.setInnerContent(cancelled ? `${when} (cancelled)` : when) })
    .on("[data-call-how]", { element: (el) => void el.setInnerContent(howWords(mail)) })
    .on("[data-call-ics]", {
      element: (el) => void (call.status === "confirmed" ? el.setAttribute("href", `/book/call/${token}/calendar.ics`) : el.remove()),
    })
    // Cancel and Move are offered until two hours before the call.
    .on("[data-call-cancel]", {
      element: (el) => void (open ? el.setAttribute("action", `/api/book/call/${token}/cancel`) : el.remove()),
    })
    .on("[data-call-move]", { element: (el) => void (open || el.remove()) })
    .on("[data-call-move] form", { element: (el) => void el.setAttribute("action", `/api/book/call/${token}/move`) })
    .on("[data-move-times]", {
      element: (el) => void el.setInnerContent(timesMarkup(moveTo, mail.visitor.zone, call.start_at), { html: true }),
    })
    .on("[data-move-note]", { element: (el) => void (note ? el.setInnerContent(note) : el.remove()) })
    .transform(template as never) as unknown as Response;
  return new Response(rewritten.body, {
    status: 200,
    // The address holds the visitor's token: no other site is told it. Same-origin, not no-referrer,
    // so the browser's own posts (Cancel, Move) carry the page's Origin and pass the API's check.
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" },
  });
}

/** GET /book/call/{token}/calendar.ics: Add to calendar, the same event the invitation carries. */
export async function callCalendarFile(c: Context<AppEnv>, token: string): Promise<Response> {
  const call = await callByToken(c.get("db"), token);
  if (!call || call.status !== "confirmed") return notFoundPage(c);
  const mail = await bookingMailOf(c.env, c.get("db"), call, `${new URL(c.req.url).origin}/book/call/${token}`);
  const ics = invitationOf(c.env, { ...mail, stamp: call.updated_at }, "PUBLISH", call.sequence);
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="call.ics"',
      "Cache-Control": "private, no-store",
    },
  });
}
