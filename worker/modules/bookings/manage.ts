/**
 * A booked call after the booking: the visitor cancels it from their link (the time is free again
 * at once: the unique index holds only confirmed calls), and the hourly job reminds them the day
 * before. Each is claimed in the write that records it, so a retry or two runs at once never send
 * twice, and each mail goes only after its write (a mail that fails loses nothing).
 */
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import type { Env } from "../../env";
import { tasks, users } from "../../db/schema";
import { freeSlots, slotProblem, STUDIO_ZONE, wallClock, type BookingDay, type SlotProblem } from "../../../contract/booking-slots";
import type { BookingSettings } from "../../../contract/booking-settings";
import { callChangeMessages } from "../../../contract/booking";
import { AppError, notFound, staleEdit } from "../../platform/errors";
import { isGuardAbort, requireUpdated, runBatch } from "../../platform/batch";
import { sha256Hex } from "../../platform/ids";
import { rebuiltLinkToken } from "../shared-documents";
import { calls } from "./tables";
import { bookingRules, getBookingSettings } from "./booking-settings";
import { CALL_TOKEN_KIND, hostDiary, hostTaskId, meetingOnLead, visitorWho, type CallWho } from "./book";
import { callOnTimeline } from "../../../contract/call";
import { sendCallCancellation, sendCallMoved, sendCallReminder, sendNoShowFollowUp, type BookingMail } from "./invitations";
import { claimMove } from "./calls";

type MailEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME" | "SESSION_SECRET">;
type CallRow = typeof calls.$inferSelect;

/** The call a visitor's link names, by the hash of its token; undefined for anything else. */
export async function callByToken(db: Db, token: string): Promise<CallRow | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return db
    .select()
    .from(calls)
    .where(eq(calls.token_hash, await sha256Hex(token)))
    .get();
}

/** How close to a call its visitor's link stops cancelling or moving it: the host may be on their way to it. */
const CHANGES_CLOSE_MS = 2 * 60 * 60_000;

/** Whether the visitor may still cancel from their link: confirmed, and more than two hours before it starts. */
export const cancellable = (call: Pick<CallRow, "status" | "start_at">, now = new Date()) =>
  call.status === "confirmed" && Date.parse(call.start_at) - now.getTime() > CHANGES_CLOSE_MS;

/**
 * What the mails, the call's page and its calendar file say about a stored call: who, when, how, and
 * the link. `known`: the settings, when the caller has already read them, spares reading them again.
 */
export async function bookingMailOf(env: MailEnv, db: Db, call: CallRow, manageUrl: string, known?: BookingSettings): Promise<BookingMail> {
  const [settings, host] = await Promise.all([
    known ?? getBookingSettings(db).then((s) => s.settings),
    db.select({ name: users.full_name, email: users.email }).from(users).where(eq(users.id, call.host_id)).get(),
  ]);
  return {
    call: { id: call.id, start: call.start_at, end: call.end_at, method: call.method, manage_path: "" },
    visitor: { name: call.name, email: call.email, zone: call.visitor_zone ?? STUDIO_ZONE, phone: call.phone },
    host: host ?? { name: env.STUDIO_NAME, email: env.STUDIO_INBOX },
    topic: call.topic,
    meetingLink: settings.meeting_link,
    manageUrl,
    stamp: new Date().toISOString(),
    answers: "",
  };
}

const ALREADY = callChangeMessages.cancelled;

/** Who calls a call off: the visitor from their link, or a member of staff from the CRM. */
type Canceller = { kind: "visitor" } | { kind: "staff"; id: string; name: string };

/** The visitor cancels from their link, up to two hours before the call (after that, a reply to its e-mail reaches the studio). */
export async function cancelCall(
  env: MailEnv,
  db: Db,
  token: string,
  origin: string,
  now = new Date(),
): Promise<{ callId: string; leadId: string | null }> {
  const call = await callByToken(db, token);
  if (!call) throw notFound("Call");
  if (call.status !== "confirmed") throw new AppError("conflict", ALREADY);
  if (!cancellable(call, now)) throw new AppError("validation_failed", callChangeMessages.too_late_to_cancel);
  return cancelStoredCall(env, db, call, { kind: "visitor" }, origin, now);
}

/** Staff cancel a confirmed call from the CRM (at any time before it starts); the visitor is told, with a link to book again. */
export async function cancelCallAsStaff(
  env: MailEnv,
  db: Db,
  id: string,
  staff: { id: string; name: string },
  expectedVersion: string,
  origin: string,
  now = new Date(),
): Promise<{ callId: string; leadId: string | null }> {
  const call = await db.select().from(calls).where(eq(calls.id, id)).get();
  if (!call) throw notFound("Call");
  if (call.status !== "confirmed") throw new AppError("conflict", ALREADY);
  // Cancelled from a stale copy (moved meanwhile, say), the wrong call could go: refused, to be looked at again.
  if (call.updated_at !== expectedVersion) throw staleEdit("call");
  if (Date.parse(call.start_at) <= now.getTime())
    throw new AppError("validation_failed", "This call has already begun. Mark it as held or a no-show instead");
  return cancelStoredCall(env, db, call, { kind: "staff", ...staff }, origin, now);
}

/**
 * The call is marked cancelled (its time free again), the host's task for it goes, the lead's
 * timeline says who called it off, and both calendars are told.
 */
async function cancelStoredCall(
  env: MailEnv,
  db: Db,
  call: CallRow,
  by: Canceller,
  origin: string,
  now: Date,
): Promise<{ callId: string; leadId: string | null }> {
  const stamp = now.toISOString();
  const who: CallWho = by.kind === "staff" ? { who_username: by.id, who_name: by.name, who_kind: "staff" } : visitorWho(call.name);
  try {
    await runBatch(db, [
      db
        .update(calls)
        .set({ status: "cancelled", sequence: sql`${calls.sequence} + 1`, updated_at: stamp })
        .where(and(eq(calls.id, call.id), eq(calls.status, "confirmed"))),
      // Two cancels at once: the second writes nothing and is told so.
      requireUpdated(db),
      // The host's task for the call goes with it, unless they have already ticked it off.
      db.delete(tasks).where(and(eq(tasks.id, hostTaskId(call.id)), eq(tasks.completed, false))),
      ...meetingOnLead(db, call.lead_id, who, callOnTimeline.cancelled(call.start_at), stamp),
    ]);
  } catch (err) {
    if (isGuardAbort(err)) throw new AppError("conflict", ALREADY);
    throw err;
  }
  await sendCallCancellation(
    env,
    await bookingMailOf(env, db, call, `${origin}/book`),
    call.sequence + 1,
    `${origin}/book`,
    by.kind === "staff" ? by.name : null,
  );
  return { callId: call.id, leadId: call.lead_id };
}

/** The times a call can move to: the host's free times, its own among them. */
export async function movableTimes(db: Db, call: CallRow, settings: BookingSettings, now = new Date()): Promise<BookingDay[]> {
  return freeSlots(await bookingRules(db, settings), await hostDiary(db, settings, call.host_id, now, call.id), now);
}

export type MoveOutcome = { kind: "moved"; callId: string; leadId: string | null } | { kind: "refused"; problem: SlotProblem | "same" };

/**
 * The visitor moves their call to another free time, up to two hours before it: in one write the
 * call's times (SEQUENCE up, the reminder due again), the host's task and the lead's timeline;
 * then both calendars get the updated invitation. A time taken meanwhile writes nothing.
 */
export async function moveCall(env: MailEnv, db: Db, token: string, start: string, origin: string, now = new Date()): Promise<MoveOutcome> {
  const call = await callByToken(db, token);
  if (!call) throw notFound("Call");
  if (call.status !== "confirmed") throw new AppError("conflict", ALREADY);
  if (!cancellable(call, now)) throw new AppError("validation_failed", callChangeMessages.too_late_to_move);
  const at = new Date(start);
  if (Number.isNaN(at.getTime())) return { kind: "refused", problem: "outside_hours" };
  const startIso = at.toISOString();
  if (startIso === call.start_at) return { kind: "refused", problem: "same" };
  const { settings } = await getBookingSettings(db);
  const rules = await bookingRules(db, settings);
  const problem = slotProblem(rules, await hostDiary(db, settings, call.host_id, now, call.id), now, startIso);
  if (problem) return { kind: "refused", problem };

  const endIso = new Date(at.getTime() + rules.call_minutes * 60_000).toISOString();
  const stamp = now.toISOString();
  const clock = wallClock(startIso, STUDIO_ZONE);
  const moved = await claimMove(
    db,
    {
      id: call.id,
      hostId: call.host_id,
      start: startIso,
      end: endIso,
      londonDate: clock.date,
      bufferMinutes: rules.buffer_minutes,
      maxPerDay: rules.max_per_day,
      updatedAt: call.updated_at,
      now: stamp,
    },
    [
      // The host's task moves with the call, unless it is ticked off; its title's time too, unless someone reworded it.
      db
        .update(tasks)
        .set({
          title: sql`CASE WHEN substr(${tasks.title}, -9) = ${` at ${wallClock(call.start_at, STUDIO_ZONE).time}`}
            THEN substr(${tasks.title}, 1, length(${tasks.title}) - 5) || ${clock.time} ELSE ${tasks.title} END`,
          due_date: clock.date,
          updated_at: stamp,
        })
        .where(and(eq(tasks.id, hostTaskId(call.id)), eq(tasks.completed, false))),
      ...meetingOnLead(db, call.lead_id, visitorWho(call.name), callOnTimeline.moved(call.start_at, startIso), stamp),
    ],
  );
  if (!moved) return { kind: "refused", problem: "taken" };
  const movedCall = { ...call, start_at: startIso, end_at: endIso };
  await sendCallMoved(
    env,
    await bookingMailOf(env, db, movedCall, `${origin}/book/call/${token}`, settings),
    call.sequence + 1,
    call.start_at,
  );
  return { kind: "moved", callId: call.id, leadId: call.lead_id };
}

/** After a no-show: the visitor is offered another time. Answers the mail's error, or null when it went. */
export async function followUpNoShow(env: MailEnv, db: Db, id: string, origin: string): Promise<{ error: string | null }> {
  const call = await db.select().from(calls).where(eq(calls.id, id)).get();
  if (!call) throw notFound("Call");
  return { error: await sendNoShowFollowUp(env, await bookingMailOf(env, db, call, `${origin}/book`), `${origin}/book`) };
}

const HOUR_MS = 60 * 60_000;
/** The reminder goes in the day before a call... */
const REMIND_WITHIN_MS = 24 * HOUR_MS;
/** ...unless it was booked so close to it that the confirmation is reminder enough. */
const BOOKED_AHEAD_MS = 30 * HOUR_MS;

/** The hourly job's reminders: each confirmed call starting within a day, once, claimed before it is sent. */
export async function remindCalls(env: MailEnv & Pick<Env, "SITE_URL">, db: Db, now: Date): Promise<{ reminded: number }> {
  const soon = await db
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.status, "confirmed"),
        isNull(calls.reminded_at),
        gt(calls.start_at, now.toISOString()),
        lte(calls.start_at, new Date(now.getTime() + REMIND_WITHIN_MS).toISOString()),
      ),
    )
    .all();
  let reminded = 0;
  for (const call of soon) {
    if (Date.parse(call.start_at) - Date.parse(call.created_at) < BOOKED_AHEAD_MS) continue;
    const claimed = await db
      .update(calls)
      .set({ reminded_at: now.toISOString() })
      .where(and(eq(calls.id, call.id), isNull(calls.reminded_at)))
      .returning({ id: calls.id });
    if (claimed.length === 0) continue;
    const token = await rebuiltLinkToken(env.SESSION_SECRET, CALL_TOKEN_KIND, call);
    const manageUrl = token ? `${env.SITE_URL}/book/call/${token}` : `${env.SITE_URL}/book`;
    await sendCallReminder(env, await bookingMailOf(env, db, call, manageUrl));
    reminded += 1;
  }
  return { reminded };
}
