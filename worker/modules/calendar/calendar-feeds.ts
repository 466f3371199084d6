/**
 * Calendar feeds (contract/calendar-feed.ts): making, rotating and turning off a member of staff's
 * secret .ics URL, and what the URL serves. The token is 256 random bits shown once; only its
 * SHA-256 is stored, so a leaked database does not leak a working URL.
 *
 * The feed holds the holder's open tasks on their due dates, the follow-ups of the open leads they
 * added, and every unfinished project's deadline, each an all-day event, and the calls booked with
 * them on the site at their times (a cancelled one leaves the feed). UIDs come from row ids,
 * so an edit moves an event instead of adding one; SEQUENCE is the seconds from a row's creation
 * to its last change, so it rises with every edit (the rows' version is their updated_at).
 */
import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../platform/db";
import { calendar_feeds, calls, clients, leads, projects, tasks, users } from "../../db/schema";
import type { CalendarFeedStatus } from "../../../contract/calendar-feed";
import { openStatuses } from "../../../contract/lead-statuses";
import { timedTaskInterval } from "../../../contract/task";
import { AppError, notFound } from "../../platform/errors";
import { randomToken, sha256Hex } from "../../platform/ids";
import { renderCalendar, type IcsEvent } from "../../platform/ical";
import { eventsInWindowQuery, limits, reserveAttempt } from "../../platform/rate-limit";
import { londonToday, nowIso } from "../../platform/time";
import { auditEvent, type AuditSource } from "../audit";

export async function calendarFeedStatus(db: Db, userId: string): Promise<CalendarFeedStatus> {
  const row = await db
    .select({ updated_at: calendar_feeds.updated_at })
    .from(calendar_feeds)
    .where(eq(calendar_feeds.user_id, userId))
    .get();
  return { enabled: !!row, issued_at: row?.updated_at ?? null };
}

/**
 * A new token for `userId`'s feed: created, or (with `rotate`) replacing the old one, which stops
 * working at once. Returns the token, which is never stored and cannot be shown again.
 */
export async function issueCalendarFeed(
  db: Db,
  source: AuditSource,
  userId: string,
  rotate: boolean,
): Promise<{ token: string; status: CalendarFeedStatus }> {
  const token = randomToken(32);
  const token_hash = await sha256Hex(token);
  const now = nowIso();
  const values = { user_id: userId, token_hash, created_at: now, updated_at: now };
  const existed = await db.select({ user_id: calendar_feeds.user_id }).from(calendar_feeds).where(eq(calendar_feeds.user_id, userId)).get();
  if (existed && !rotate) throw alreadyOn();
  const write = existed
    ? db.update(calendar_feeds).set({ token_hash, updated_at: now }).where(eq(calendar_feeds.user_id, userId))
    : // A plain insert: a second tab creating at the same moment fails here instead of replacing this URL.
      db.insert(calendar_feeds).values(values);
  const [action, detail] = existed
    ? (["calendar_feed_rotated", "Rotated their calendar feed: the old URL stopped working"] as const)
    : (["calendar_feed_created", "Created their calendar feed"] as const);
  try {
    await db.batch([write, auditEvent(db, source, action, detail, userId)]);
  } catch (error) {
    if (!existed && /UNIQUE|PRIMARY KEY|constraint/i.test(String((error as Error).message))) throw alreadyOn();
    throw error;
  }
  return { token, status: { enabled: true, issued_at: now } };
}

const alreadyOn = () => new AppError("conflict", "Your calendar feed is already on. Rotate it to get a new URL.");

/** Turns the feed off: the hash goes, so the URL answers 404 from now on. */
export async function turnOffCalendarFeed(db: Db, source: AuditSource, userId: string): Promise<void> {
  const removed = await db.delete(calendar_feeds).where(eq(calendar_feeds.user_id, userId)).returning({ user_id: calendar_feeds.user_id });
  // Recorded only once the feed is really gone: turning off what is off changes nothing.
  if (removed.length === 0) throw notFound("Calendar feed");
  await auditEvent(db, source, "calendar_feed_turned_off", "Turned off their calendar feed", userId);
}

/** Whole seconds from a row's creation to its last change: 0 for an untouched row, higher after every edit. */
export function sequenceOf(row: { created_at: string; updated_at: string }): number {
  const s = Math.floor((Date.parse(row.updated_at) - Date.parse(row.created_at)) / 1000);
  return Number.isFinite(s) && s > 0 ? s : 0;
}

const UID_DOMAIN = "redbrick-crm";

export interface FeedRequest {
  /** The token from the URL; null when the URL does not even hold one. */
  token: string | null;
  /** The requesting address's rate-limit key (platform/client-info.ts limitKeyOf). */
  limitKey: string;
  /** The request's origin, for links into the CRM. */
  origin: string;
  studioName: string;
}

/**
 * Of each kind, at most this many events dated before today (the latest) and this many from today
 * on (the soonest). Calendar apps refuse or time out on feeds of megabytes (the bench's 10,000
 * leads give one person 3,000 follow-ups), and what matters on a calendar is around now; the CRM's
 * own lists hold the rest. Each side is one index range read that stops at the limit.
 */
export const FEED_LIMIT_EACH_SIDE = 100;

/**
 * Rows dated before today, latest first, or from today on, soonest first. The date alone orders
 * them, so an index on it is read in order and the read stops at the limit, with no sort.
 */
function side(date: SQLiteColumn, today: string, before: boolean) {
  return { where: before ? lt(date, today) : gte(date, today), orderBy: before ? desc(date) : asc(date) };
}

/**
 * The feed a token opens, as text/calendar, read in one batch: the address's count of unknown
 * tokens, whose feed it is, and each kind of event on both sides of today, read through the
 * token's hash in SQL, so an unknown token reads nothing.
 *
 * Refused with 429 while the address is at its limit of unknown tokens, whatever the token, so a
 * refused guesser learns nothing; an unknown token counts one and answers 404. Unlike sign-in, a
 * good token reserves nothing: calendar apps fetch every hour or so and should not pay two writes
 * each time. A few guesses slipping past the limit in parallel are no risk against 256 bits; the
 * limit makes guessing visibly pointless and cheap to refuse.
 */
export async function calendarFeed(db: Db, req: FeedRequest, now = Date.now(), today = londonToday(new Date(now))): Promise<string> {
  // A hash no token has, when there is no token: every read below then matches nothing.
  const hash = req.token ? await sha256Hex(req.token) : "-";
  const ofToken = eq(calendar_feeds.token_hash, hash);
  // Each read starts from the feed's row (one index lookup) and joins the person's rows from there.
  const taskRows = (before: boolean) => {
    const s = side(tasks.due_date, today, before);
    return db
      .select({
        id: tasks.id,
        title: tasks.title,
        priority: tasks.priority,
        notes: tasks.notes,
        due_date: tasks.due_date,
        due_time: tasks.due_time,
        minutes: tasks.minutes,
        created_at: tasks.created_at,
        updated_at: tasks.updated_at,
      })
      .from(calendar_feeds)
      .innerJoin(tasks, eq(tasks.assignee_username, calendar_feeds.user_id))
      .where(and(ofToken, eq(tasks.completed, false), s.where))
      .orderBy(s.orderBy)
      .limit(FEED_LIMIT_EACH_SIDE);
  };
  const followUpRows = (before: boolean) => {
    const s = side(leads.follow_up_date, today, before);
    return (
      db
        .select({
          id: leads.id,
          name: leads.name,
          company: leads.company,
          status: leads.status,
          next_action: leads.next_action,
          follow_up_date: leads.follow_up_date,
          created_at: leads.created_at,
          updated_at: leads.updated_at,
        })
        .from(calendar_feeds)
        // Through leads_added_by_follow_up_idx, in date order.
        .innerJoin(leads, eq(leads.added_by, calendar_feeds.user_id))
        .where(and(ofToken, inArray(leads.status, [...openStatuses]), s.where))
        .orderBy(s.orderBy)
        .limit(FEED_LIMIT_EACH_SIDE)
    );
  };
  const deadlineRows = (before: boolean) => {
    const s = side(projects.due_date, today, before);
    return (
      db
        .select({
          id: projects.id,
          title: projects.title,
          stage: projects.stage,
          status: projects.status,
          client_name: clients.name,
          due_date: projects.due_date,
          created_at: projects.created_at,
          updated_at: projects.updated_at,
        })
        .from(calendar_feeds)
        // Every project, not the holder's: deadlines are the studio's.
        .innerJoin(projects, sql`1 = 1`)
        .leftJoin(clients, eq(clients.id, projects.client_id))
        // Unfinished: neither marked Completed nor moved to Done.
        .where(and(ofToken, ne(projects.status, "Completed"), ne(projects.stage, "Done"), s.where))
        .orderBy(s.orderBy)
        .limit(FEED_LIMIT_EACH_SIDE)
    );
  };
  const callRows = (before: boolean) =>
    db
      .select({
        id: calls.id,
        name: calls.name,
        company: calls.company,
        phone: calls.phone,
        method: calls.method,
        topic: calls.topic,
        status: calls.status,
        lead_id: calls.lead_id,
        start_at: calls.start_at,
        end_at: calls.end_at,
        created_at: calls.created_at,
        updated_at: calls.updated_at,
      })
      .from(calendar_feeds)
      // Through calls_host_day_idx: the holder's own calls, by London day.
      .innerJoin(calls, eq(calls.host_id, calendar_feeds.user_id))
      .where(and(ofToken, ne(calls.status, "cancelled"), before ? lt(calls.london_date, today) : gte(calls.london_date, today)))
      .orderBy(before ? desc(calls.start_at) : asc(calls.start_at))
      .limit(FEED_LIMIT_EACH_SIDE);
  const [[used], [holder], pastTasks, comingTasks, pastFollowUps, comingFollowUps, pastDeadlines, comingDeadlines, pastCalls, comingCalls] =
    await db.batch([
      eventsInWindowQuery(db, limits.calendarFeedIp, req.limitKey, now),
      db
        .select({ id: users.id, full_name: users.full_name, disabled: users.disabled })
        .from(calendar_feeds)
        .innerJoin(users, eq(users.id, calendar_feeds.user_id))
        .where(ofToken),
      taskRows(true),
      taskRows(false),
      followUpRows(true),
      followUpRows(false),
      deadlineRows(true),
      deadlineRows(false),
      callRows(true),
      callRows(false),
    ]);
  // Oldest first, as a calendar reads.
  const openTasks = [...pastTasks.reverse(), ...comingTasks];
  const followUps = [...pastFollowUps.reverse(), ...comingFollowUps];
  const deadlines = [...pastDeadlines.reverse(), ...comingDeadlines];
  const bookedCalls = [...pastCalls.reverse(), ...comingCalls];
  // A disabled account's feed stops with the account.
  const good = holder && !holder.disabled;
  if (!good || used.n >= limits.calendarFeedIp.max) {
    // An unknown token counts one; at the limit, reserveAttempt answers the 429 with its Retry-After.
    const reservation = await reserveAttempt(db, [{ limit: limits.calendarFeedIp, key: req.limitKey }], now);
    if (!good) throw notFound("Calendar feed");
    // The window moved on between the count and the reservation: a good token is served, not counted.
    await reservation.release();
  }

  const crm = `${req.origin}/crm`;
  const stamp = (r: { created_at: string; updated_at: string }) => ({ stamp: r.updated_at, sequence: sequenceOf(r) });
  const events: IcsEvent[] = [
    ...openTasks.map((t): IcsEvent => ({
      uid: `task-${t.id}@${UID_DOMAIN}`,
      ...stamp(t),
      // A timed task is time taken, as a call is; the rest are a day's reminders.
      when: t.due_time ? timedTaskInterval(t.due_date!, t.due_time, t.minutes) : { date: t.due_date! },
      summary: `Task: ${t.title}`,
      description: [`${t.priority} priority.`, t.notes, `Open your tasks: ${crm}/tasks?mine=1`].filter(Boolean).join("\n"),
      url: `${crm}/tasks?mine=1`,
      categories: "Task",
    })),
    ...followUps.map((l): IcsEvent => ({
      uid: `follow-up-${l.id}@${UID_DOMAIN}`,
      ...stamp(l),
      when: { date: l.follow_up_date! },
      // The company too: a calendar shows only the summary, and the person alone may not say who it is.
      summary: l.company ? `Follow up: ${l.name} (${l.company})` : `Follow up: ${l.name}`,
      description: [
        l.company ? `${l.name}, ${l.company} (${l.status})` : `${l.name} (${l.status})`,
        l.next_action ? `Next action: ${l.next_action}` : null,
        `Open the lead: ${crm}/leads?lead=${l.id}`,
      ]
        .filter(Boolean)
        .join("\n"),
      url: `${crm}/leads?lead=${l.id}`,
      categories: "Follow-up",
    })),
    ...deadlines.map((p): IcsEvent => ({
      uid: `deadline-${p.id}@${UID_DOMAIN}`,
      ...stamp(p),
      when: { date: p.due_date! },
      summary: `Deadline: ${p.title}`,
      description: [
        `${p.client_name ? `For ${p.client_name}. ` : ""}Stage ${p.stage}, ${p.status}.`,
        `Open the project: ${crm}/projects?project=${p.id}`,
      ].join("\n"),
      url: `${crm}/projects?project=${p.id}`,
      categories: "Deadline",
    })),
    ...bookedCalls.map((c): IcsEvent => {
      const who = c.company ? `${c.name} (${c.company})` : c.name;
      return {
        uid: `call-${c.id}@${UID_DOMAIN}`,
        ...stamp(c),
        when: { start: c.start_at, end: c.end_at },
        summary: `Call: ${who}`,
        description: [
          c.topic,
          c.method === "phone"
            ? `Phone them on ${c.phone ?? "the number they gave"}.`
            : "Video call, on the meeting link in the invitation.",
          c.status === "confirmed" ? null : c.status === "held" ? "Marked as held." : "Marked as a no-show.",
          c.lead_id ? `Open the lead: ${crm}/leads?lead=${c.lead_id}` : null,
          `Open your calls: ${crm}/calls`,
        ]
          .filter(Boolean)
          .join("\n"),
        url: `${crm}/calls`,
        categories: "Call",
      };
    }),
  ];
  return renderCalendar({
    prodId: `-//${req.studioName}//CRM calendar feed//EN`,
    name: `${req.studioName} CRM – ${holder.full_name}`,
    description: `${holder.full_name}'s calls, open tasks and follow-ups, and the studio's project deadlines.`,
    events,
  });
}
