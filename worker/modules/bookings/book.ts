/**
 * A visitor books a call (docs/decisions/0069-booking-calls.md). The chosen time is checked by the
 * same rules that listed it (contract/booking-slots.ts), then the call, its lead (found by e-mail as
 * the forms find theirs, or made with the source Call booking), a Meeting entry on the lead's
 * timeline and a task for the host are written in one batch that stands or falls with the call's
 * claim (calls.ts): twenty visitors choosing one time leave one call and nothing else half-written.
 * Only then are the invitations sent (a mail that fails loses nothing).
 */
import { and, count, eq, gt, gte, isNotNull, ne, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import type { Env } from "../../env";
import { activities, tasks, users } from "../../db/schema";
import {
  freeSlots,
  slotProblem,
  STUDIO_ZONE,
  londonWhen,
  wallClock,
  type BookingDay,
  type BookingRules,
  type HostDiary,
} from "../../../contract/booking-slots";
import { timedTaskInterval } from "../../../contract/task";
import { callOnTimeline } from "../../../contract/call";
import type { BookingSettings } from "../../../contract/booking-settings";
import { knownZone, slotProblemMessages, type BookedCall, type bookingInput } from "../../../contract/booking";
import type { Sender } from "../../platform/client-info";
import { limits, reserveAttempt } from "../../platform/rate-limit";
import { newId } from "../../platform/ids";
import { derivedLinkToken } from "../shared-documents";
import { fileOnLeadByEmail } from "../leads";
import { claimCall } from "./calls";
import { calls } from "./tables";
import { bookingRules, getBookingSettings } from "./booking-settings";
import { calendarBusy } from "./host-calendar";
import { sendBookingInvitations, type InvitationDelivery } from "./invitations";

type Input = z.output<typeof bookingInput>;
export type BookingProblem = keyof typeof slotProblemMessages;

export type BookingOutcome =
  | { kind: "booked"; call: BookedCall; leadId: string; newLead: boolean; mailed: InvitationDelivery }
  | { kind: "refused"; problem: BookingProblem; nearest: string[] };

/** At most this many future calls for one e-mail address: a person books a call, not the diary. */
export const MAX_FUTURE_CALLS_PER_EMAIL = 2;
const NEAREST = 3;
/** The kind a call's link token is derived under (shared-documents/link-tokens.ts). */
export const CALL_TOKEN_KIND = "call";
const DAY_MS = 24 * 60 * 60_000;

/**
 * The host's confirmed calls that could matter from `now` on (the buffer reaches a little back),
 * their open timed tasks and their own calendar's busy times (`settings` say whose calendar is
 * read); `except` leaves one call out: the call being moved, whose own time is free to it.
 */
export async function hostDiary(db: Db, settings: BookingSettings, hostId: string, now: Date, except?: string): Promise<HostDiary> {
  const from = new Date(now.getTime() - DAY_MS).toISOString();
  const [booked, timed, calendar] = await Promise.all([
    db
      .select({ start: calls.start_at, end: calls.end_at })
      .from(calls)
      .where(
        and(eq(calls.host_id, hostId), eq(calls.status, "confirmed"), gt(calls.end_at, from), except ? ne(calls.id, except) : undefined),
      )
      .all(),
    db
      .select({ date: tasks.due_date, time: tasks.due_time, minutes: tasks.minutes })
      .from(tasks)
      .where(
        and(
          eq(tasks.assignee_username, hostId),
          eq(tasks.completed, false),
          isNotNull(tasks.due_time),
          gte(tasks.due_date, wallClock(from, STUDIO_ZONE).date),
        ),
      )
      .all(),
    calendarBusy(db, hostId, settings),
  ]);
  const tasksBusy = timed.flatMap((t) => (t.date && t.time ? [timedTaskInterval(t.date, t.time, t.minutes)] : []));
  return { calls: booked, busy: [...tasksBusy, ...calendar] };
}

/** The host's free times from now to the horizon, by London day: none until Settings name a host. */
export async function freeTimes(db: Db, now = new Date(), except?: string): Promise<{ days: BookingDay[]; callMinutes: number }> {
  const { settings } = await getBookingSettings(db);
  const days = settings.host_id
    ? freeSlots(await bookingRules(db, settings), await hostDiary(db, settings, settings.host_id, now, except), now)
    : [];
  return { days, callMinutes: settings.call_minutes };
}

/** The free starts nearest the one refused, in time order: what the page offers instead. */
export function nearestFree(rules: BookingRules, diary: HostDiary, now: Date, wanted: string): string[] {
  const at = Date.parse(wanted);
  const all = freeSlots(rules, diary, now).flatMap((d) => d.starts);
  const target = Number.isNaN(at) ? now.getTime() : at;
  return all
    .map((s) => ({ s, d: Math.abs(Date.parse(s) - target) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, NEAREST)
    .map((x) => x.s)
    .sort();
}

/** What the lead's notes and timeline say the visitor told us. */
export function bookingAnswers(input: Input, when: string): string {
  return [
    `Call booked on the website for ${when} (${input.method === "phone" ? "phone" : "video"})`,
    `About: ${input.topic}`,
    ...(input.company ? [`Company: ${input.company}`] : []),
    ...(input.phone ? [`Phone: ${input.phone}`] : []),
    ...(input.heard_from ? [`Heard of us: ${input.heard_from}`] : []),
    ...(input.utm
      ? [
          `Campaign: ${Object.entries(input.utm)
            .map(([k, v]) => `${k}=${v}`)
            .join(", ")}`,
        ]
      : []),
  ].join("\n");
}

/**
 * The id of the host's task for a call: made from the call's, so a cancel finds the task to take
 * off the host's list (and their calendar feed) without a column linking the two.
 */
export const hostTaskId = (callId: string) => `${callId}-task`;

/** Who a call's timeline entry is by: the visitor (as a client), or a member of staff. */
export type CallWho = { who_username: string | null; who_name: string; who_kind: "client" | "staff" };
export const visitorWho = (name: string): CallWho => ({ who_username: null, who_name: name, who_kind: "client" });

/** A Meeting on the call's lead's timeline, in the write that changes the call; none for a call whose lead has gone. */
export function meetingOnLead(
  db: Db,
  leadId: string | SQL<string> | null,
  who: CallWho,
  summary: string,
  stamp: string,
): BatchItem<"sqlite">[] {
  if (!leadId) return [];
  return [
    db.insert(activities).values({
      id: newId(),
      ...who,
      type: "Meeting",
      summary: summary.slice(0, 2000),
      related_type: "lead",
      related_id: leadId,
      created_at: stamp,
      updated_at: stamp,
    }),
  ];
}

export async function bookCall(
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME" | "SESSION_SECRET">,
  db: Db,
  input: Input,
  ctx: { sender: Sender; origin: string; now?: Date },
): Promise<BookingOutcome> {
  const now = ctx.now ?? new Date();
  const { settings } = await getBookingSettings(db);
  const host = settings.host_id
    ? await db
        .select({ id: users.id, full_name: users.full_name, email: users.email })
        .from(users)
        .where(and(eq(users.id, settings.host_id), eq(users.disabled, false)))
        .get()
    : undefined;
  if (!host) return { kind: "refused", problem: "no_host", nearest: [] };
  const rules = await bookingRules(db, settings);
  const diary = await hostDiary(db, settings, host.id, now);
  const start = new Date(Date.parse(input.start));
  const problem = Number.isNaN(start.getTime()) ? "outside_hours" : slotProblem(rules, diary, now, start.toISOString());
  if (problem) return { kind: "refused", problem, nearest: nearestFree(rules, diary, now, input.start) };

  const email = input.email.toLowerCase();
  const futureCalls = async () => {
    const [{ upcoming }] = await db
      .select({ upcoming: count() })
      .from(calls)
      .where(and(eq(calls.email, email), eq(calls.status, "confirmed"), gt(calls.start_at, now.toISOString())));
    return upcoming;
  };
  if ((await futureCalls()) >= MAX_FUTURE_CALLS_PER_EMAIL) return { kind: "refused", problem: "too_many", nearest: [] };

  const startIso = start.toISOString();
  const endIso = new Date(start.getTime() + rules.call_minutes * 60_000).toISOString();
  const when = londonWhen(startIso);
  const answers = bookingAnswers(input, when);
  const stamp = now.toISOString();
  const lead = await fileOnLeadByEmail(
    db,
    {
      email,
      name: input.name,
      company: input.company || null,
      phone: input.phone || null,
      source: "Call booking",
      notes: answers,
      next_action: `Call on ${when}`,
    },
    stamp,
  );
  const leadId = lead.leadId;
  const callId = newId();
  // Derived from the call's id, so the reminder can rebuild the visitor's link; only its hash is stored.
  const { token, hash: tokenHash } = await derivedLinkToken(env.SESSION_SECRET, CALL_TOKEN_KIND, callId);
  const alongside: BatchItem<"sqlite">[] = [
    ...meetingOnLead(db, leadId, visitorWho(input.name), callOnTimeline.booked(startIso, input.topic), stamp),
    db.insert(tasks).values({
      id: hostTaskId(callId),
      title: `Call ${input.name}${input.company ? ` (${input.company})` : ""} at ${wallClock(startIso, STUDIO_ZONE).time}`.slice(0, 300),
      assignee_username: host.id,
      priority: "High",
      due_date: wallClock(startIso, STUDIO_ZONE).date,
      notes: answers,
      related_type: "lead",
      related_id: leadId,
      created_at: stamp,
      updated_at: stamp,
    }),
  ];

  // Counted before anything is written, so a burst books at most the form limit; a refused claim gives it back.
  const reservation = await reserveAttempt(db, [{ limit: limits.forms, key: ctx.sender.limitKey }]);
  const booked = await claimCall(
    db,
    {
      id: callId,
      hostId: host.id,
      leadId,
      start: startIso,
      end: endIso,
      londonDate: wallClock(startIso, STUDIO_ZONE).date,
      bufferMinutes: rules.buffer_minutes,
      maxPerDay: rules.max_per_day,
      method: input.method,
      name: input.name,
      email,
      phone: input.phone || null,
      company: input.company || null,
      topic: input.topic,
      heardFrom: input.heard_from || null,
      visitorZone: knownZone(input.zone),
      tokenHash,
      now: stamp,
      maxFutureForEmail: MAX_FUTURE_CALLS_PER_EMAIL,
    },
    alongside,
    lead.writes,
  ).catch(reservation.giveBack);
  if (!booked) {
    await reservation.release();
    // Refused inside the write: the address reached its limit meanwhile (another booking of its own), or the time went.
    if ((await futureCalls()) >= MAX_FUTURE_CALLS_PER_EMAIL) return { kind: "refused", problem: "too_many", nearest: [] };
    const fresh = await hostDiary(db, settings, host.id, now);
    return { kind: "refused", problem: "taken", nearest: nearestFree(rules, fresh, now, input.start) };
  }
  const call: BookedCall = { id: callId, start: startIso, end: endIso, method: input.method, manage_path: `/book/call/${token}` };
  const mailed = await sendBookingInvitations(env, {
    call,
    visitor: { name: input.name, email, zone: knownZone(input.zone) ?? STUDIO_ZONE, phone: input.phone || null },
    host: { name: host.full_name, email: host.email },
    topic: input.topic,
    meetingLink: settings.meeting_link,
    manageUrl: `${ctx.origin}${call.manage_path}`,
    stamp,
    answers,
  });
  return { kind: "booked", call, ...(await lead.filed()), mailed };
}
