/**
 * /api/crm/settings/bookings (Settings → Bookings), /api/book (the site's booking page books and
 * cancels through it), /api/crm/calls (the CRM's list of calls), and the booking pages themselves.
 */
import { Hono, type Context } from "hono";
import * as z from "zod";
import type { AppEnv } from "../../env";
import { bookingInput, callChangeMessages, knownZone, slotProblemMessages } from "../../../contract/booking";
import { bookingSettingsInput } from "../../../contract/booking-settings";
import { STUDIO_ZONE } from "../../../contract/booking-slots";
import { callCancelInput, callListQuery, callMoveInput, callOutcomeInput } from "../../../contract/call";
import { jsonBody, queryParams } from "../../platform/validate";
import { clientIp, senderOf } from "../../platform/client-info";
import { isNativeForm, nativeForm, type FormPage } from "../../http/native-form";
import { notFoundPage } from "../../http/assets";
import { ownerOnly } from "../users-and-auth";
import { publish } from "../live";
import { auditSourceOf } from "../audit";
import { bookCall, freeTimes } from "./book";
import { bookPage, callCalendarFile, callPage, withTimes } from "./book-pages-routes";
import { bookingSettingsFor, saveBookingSettings } from "./booking-settings";
import { listCalls, markCallOutcome } from "./calls-list";
import { cancelCall, cancelCallAsStaff, followUpNoShow, moveCall, type MoveOutcome } from "./manage";
import { AppError } from "../../platform/errors";

export const bookingSettingsRoute = new Hono<AppEnv>()
  .get("/bookings", async (c) => c.json(await bookingSettingsFor(c.get("db"), c.get("user").role === "Owner"), 200))
  .put("/bookings", ownerOnly, jsonBody(bookingSettingsInput), async (c) => {
    const saved = await saveBookingSettings(c.get("db"), c.req.valid("json"), await auditSourceOf(c));
    publish(c, { entity: "settings", op: "update", id: "bookings" });
    return c.json(saved, 200);
  });

/** The page the booking form is on; a booked call's page is where a native post lands. */
const bookingPage: FormPage = {
  path: "/book",
  action: "/api/book",
  recordsOrigin: true,
  sent: (answer: unknown) => (answer as { call?: { manage_path: string } }).call?.manage_path ?? "/book",
  // Sent back with its messages, the page has the free times as they are now, the chosen one kept if still free.
  live: (c, page, values) => withTimes(c, page, values.zone, values.start),
};

export const bookRoute = new Hono<AppEnv>()
  // The free times of the coming days, for the page's picker (the no-JavaScript page writes the same list itself).
  .get("/times", queryParams(z.object({ zone: z.string().max(64).optional() }).strict()), async (c) => {
    const { days, callMinutes } = await freeTimes(c.get("db"));
    return c.json({ days, call_minutes: callMinutes, zone: knownZone(c.req.valid("query").zone) ?? STUDIO_ZONE }, 200);
  })
  .post("/", nativeForm(bookingPage), jsonBody(bookingInput), async (c) => {
    const { website_url, page: _page, ...input } = c.req.valid("json");
    // A filled honeypot is a bot: it is answered as a person would be, and nothing is stored or sent.
    if (website_url) return c.json({ ok: true as const, call: null, emailed: false }, 201);
    const db = c.get("db");
    const outcome = await bookCall(c.env, db, input, {
      sender: await senderOf(clientIp(c), c.env.SESSION_SECRET),
      origin: new URL(c.req.url).origin,
    });
    if (outcome.kind === "refused") {
      const message = slotProblemMessages[outcome.problem];
      return c.json(
        {
          error: { code: outcome.problem === "taken" ? "conflict" : "validation_failed", message, fields: { start: message } },
          nearest: outcome.nearest,
        },
        // 409 for a time taken meanwhile (choose again); 422 for the rest, which choosing differently puts right.
        outcome.problem === "taken" ? 409 : 422,
      );
    }
    publish(c, { entity: "leads", op: outcome.newLead ? "create" : "update", id: outcome.leadId });
    publish(c, { entity: "calls", op: "create", id: outcome.call.id });
    publish(c, { entity: "tasks", op: "create", id: null });
    publish(c, { entity: "activities", op: "create", id: null });
    return c.json({ ok: true as const, call: outcome.call, emailed: outcome.mailed.visitor === null }, 201);
  })
  // Cancel the call, from the visitor's own page: a browser's post goes back to that page, which shows where it stands.
  .post("/call/:token/cancel", async (c) => {
    const token = c.req.param("token");
    const native = isNativeForm(c.req.header("content-type"));
    const outcome = await cancelCall(c.env, c.get("db"), token, new URL(c.req.url).origin).then(
      (done) => ({ done }),
      (error: unknown) => ({ error }),
    );
    if ("done" in outcome) publishCancel(c, outcome.done);
    if (native) return c.redirect(`/book/call/${token}`, 303);
    if ("error" in outcome) throw outcome.error;
    return c.json({ ok: true as const }, 200);
  });

/** Why a move was refused, in the words the call's page uses too. */
const moveRefusal = (problem: Extract<MoveOutcome, { kind: "refused" }>["problem"]) =>
  problem === "same" ? callChangeMessages.same : slotProblemMessages[problem];

/** What a move changed, for every open CRM tab. */
function publishMove(c: Context<AppEnv>, done: { callId: string; leadId: string | null }) {
  publish(c, { entity: "calls", op: "update", id: done.callId });
  publish(c, { entity: "tasks", op: "update", id: null });
  if (done.leadId) publish(c, { entity: "activities", op: "create", id: null });
}

/** What a cancel changed, for every open CRM tab: the call, the host's task list, the lead's timeline. */
function publishCancel(c: Context<AppEnv>, done: { callId: string; leadId: string | null }) {
  publish(c, { entity: "calls", op: "update", id: done.callId });
  publish(c, { entity: "tasks", op: "delete", id: null });
  if (done.leadId) publish(c, { entity: "activities", op: "create", id: null });
}

/**
 * POST /api/book/call/:token/move. A browser's post goes back to the call's page with how it went
 * in the address (?move=…, a word, nothing personal), which the page shows; a script gets JSON.
 */
export const moveRoute = new Hono<AppEnv>().post(
  "/call/:token/move",
  async (c, next) => {
    if (!isNativeForm(c.req.header("content-type"))) return next();
    const token = c.req.param("token");
    const body = await c.req.parseBody();
    const start = typeof body.start === "string" ? body.start : "";
    const how = start
      ? await moveCall(c.env, c.get("db"), token, start, new URL(c.req.url).origin).then(
          (outcome) => {
            if (outcome.kind === "refused") return outcome.problem;
            publishMove(c, outcome);
            return "moved";
          },
          (error: unknown) => {
            if (!(error instanceof AppError)) throw error;
            // An unknown link goes to its page too, which is the site's 404.
            return error.code === "not_found" ? null : error.code === "conflict" ? "cancelled" : "late";
          },
        )
      : "choose";
    return c.redirect(`/book/call/${token}${how ? `?move=${how}` : ""}`, 303);
  },
  jsonBody(callMoveInput),
  async (c) => {
    const outcome = await moveCall(c.env, c.get("db"), c.req.param("token"), c.req.valid("json").start, new URL(c.req.url).origin);
    if (outcome.kind === "refused") {
      const message = moveRefusal(outcome.problem);
      const code = outcome.problem === "taken" ? "conflict" : "validation_failed";
      return c.json({ error: { code, message, fields: { start: message } } }, outcome.problem === "taken" ? 409 : 422);
    }
    publishMove(c, outcome);
    return c.json({ ok: true as const }, 200);
  },
);

/** /book and a booked call's page (the worker answers them before the assets layer: wrangler.toml). */
export const bookPages = new Hono<AppEnv>()
  .get("/", (c) => bookPage(c))
  .get("/call/:token", (c) => callPage(c, c.req.param("token")))
  .get("/call/:token/calendar.ics", (c) => callCalendarFile(c, c.req.param("token")))
  .all("*", (c) => notFoundPage(c));

/** /api/crm/calls: the calls booked on the site, and how each one went. */
export const callsRoute = new Hono<AppEnv>()
  .get("/", queryParams(callListQuery), async (c) => c.json({ calls: await listCalls(c.get("db"), c.req.valid("query")) }, 200))
  .patch("/:id", jsonBody(callOutcomeInput), async (c) => {
    const user = c.get("user");
    const db = c.get("db");
    const input = c.req.valid("json");
    const { call, was } = await markCallOutcome(db, c.req.param("id"), input, { id: user.id, name: user.full_name });
    publish(c, { entity: "calls", op: "update", id: call.id });
    if (call.lead_id && was !== call.status) publish(c, { entity: "activities", op: "create", id: null });
    // Stored first: the offer of another time goes after (once), and a refused mail is answered, not thrown.
    const offer = call.status === "no_show" && was !== "no_show";
    const followUp = offer ? await followUpNoShow(c.env, db, call.id, new URL(c.req.url).origin) : null;
    return c.json({ call, emailed: followUp === null ? null : followUp.error === null }, 200);
  })
  .post("/:id/cancel", jsonBody(callCancelInput), async (c) => {
    const user = c.get("user");
    const done = await cancelCallAsStaff(
      c.env,
      c.get("db"),
      c.req.param("id"),
      { id: user.id, name: user.full_name },
      c.req.valid("json").updated_at,
      new URL(c.req.url).origin,
    );
    publishCancel(c, done);
    return c.json({ ok: true as const }, 200);
  });
