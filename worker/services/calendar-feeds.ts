/**
 * Calendar feeds (contract/calendar-feed.ts): making, rotating and turning off a member of staff's
 * secret .ics URL, and what the URL serves. The token is 256 random bits shown once; only its
 * SHA-256 is stored, so a leaked database does not leak a working URL.
 *
 * The feed holds the holder's open tasks on their due dates, the follow-ups of the open leads they
 * added, and every unfinished project's deadline, each an all-day event. UIDs come from row ids,
 * so an edit moves an event instead of adding one; SEQUENCE is the seconds from a row's creation
 * to its last change, so it rises with every edit (the rows' version is their updated_at).
 */
import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../db/client";
import { calendar_feeds, clients, leads, projects, tasks, users } from "../db/schema";
import type { CalendarFeedStatus } from "../../contract/calendar-feed";
import { openStatuses } from "../../contract/lead-statuses";
import { AppError, notFound } from "../lib/errors";
import { randomToken, sha256Hex } from "../lib/ids";
import { renderCalendar, type IcsEvent } from "../lib/ical";
import { eventsInWindow, limits, reserveAttempt } from "../lib/rate-limit";
import { nowIso } from "../lib/time";
import { auditEvent, type AuditSource } from "./audit";

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
  const [removed] = await db.batch([
    db.delete(calendar_feeds).where(eq(calendar_feeds.user_id, userId)).returning({ user_id: calendar_feeds.user_id }),
  ]);
  if (removed.length === 0) throw notFound("Calendar feed");
  await auditEvent(db, source, "calendar_feed_turned_off", "Turned off their calendar feed", userId);
}

export interface FeedHolder {
  id: string;
  full_name: string;
}

/**
 * Whose feed `token` opens, for a request from the address whose limit key is `limitKey`.
 * Refused with 429 while that address is at its limit of unknown tokens, before the token is
 * looked at, so a refused guesser learns nothing; an unknown token counts one and answers 404.
 *
 * Unlike sign-in, a good token reserves nothing: calendar apps fetch every hour or so and should
 * not pay for two writes each time. A few guesses slipping past the limit in parallel are no
 * risk against 256 bits; the limit is there to make guessing visibly pointless and cheap to refuse.
 */
export async function feedHolder(db: Db, token: string | null, limitKey: string, now = Date.now()): Promise<FeedHolder> {
  const [used, holder] = await Promise.all([
    eventsInWindow(db, limits.calendarFeedIp, limitKey, now),
    token
      ? sha256Hex(token).then((hash) =>
          db
            .select({ id: users.id, full_name: users.full_name })
            .from(calendar_feeds)
            .innerJoin(users, eq(users.id, calendar_feeds.user_id))
            // A disabled account's feed stops with the account.
            .where(and(eq(calendar_feeds.token_hash, hash), eq(users.disabled, false)))
            .get(),
        )
      : undefined,
  ]);
  if (used >= limits.calendarFeedIp.max) {
    // Counted like any other unknown token: reserveAttempt answers the 429 with its Retry-After.
    await reserveAttempt(db, [{ limit: limits.calendarFeedIp, key: limitKey }], now);
  }
  if (holder) return holder;
  await reserveAttempt(db, [{ limit: limits.calendarFeedIp, key: limitKey }], now);
  throw notFound("Calendar feed");
}

/** Whole seconds from a row's creation to its last change: 0 for an untouched row, higher after every edit. */
export function sequenceOf(row: { created_at: string; updated_at: string }): number {
  const s = Math.floor((Date.parse(row.updated_at) - Date.parse(row.created_at)) / 1000);
  return Number.isFinite(s) && s > 0 ? s : 0;
}

const UID_DOMAIN = "redbrick-crm";

export interface FeedContext {
  /** The request's origin, for links into the CRM. */
  origin: string;
  studioName: string;
}

/** The feed's events for `holder`, read in one batch. */
export async function calendarFeedEvents(db: Db, holder: FeedHolder, ctx: FeedContext): Promise<IcsEvent[]> {
  const [openTasks, followUps, deadlines] = await db.batch([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        priority: tasks.priority,
        notes: tasks.notes,
        due_date: tasks.due_date,
        created_at: tasks.created_at,
        updated_at: tasks.updated_at,
      })
      .from(tasks)
      .where(and(eq(tasks.assignee_username, holder.id), eq(tasks.completed, false), isNotNull(tasks.due_date))),
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
      .from(leads)
      .where(and(eq(leads.added_by, holder.id), inArray(leads.status, [...openStatuses]), isNotNull(leads.follow_up_date))),
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
      .from(projects)
      .leftJoin(clients, eq(clients.id, projects.client_id))
      // Unfinished: neither marked Completed nor moved to Done.
      .where(and(isNotNull(projects.due_date), ne(projects.status, "Completed"), ne(projects.stage, "Done"))),
  ]);
  const crm = `${ctx.origin}/crm`;
  const stamp = (r: { created_at: string; updated_at: string }) => ({ stamp: r.updated_at, sequence: sequenceOf(r) });
  return [
    ...openTasks.map((t): IcsEvent => ({
      uid: `task-${t.id}@${UID_DOMAIN}`,
      ...stamp(t),
      date: t.due_date!,
      summary: `Task: ${t.title}`,
      description: [`${t.priority} priority.`, t.notes, `Open your tasks: ${crm}/tasks?mine=1`].filter(Boolean).join("\n"),
      url: `${crm}/tasks?mine=1`,
      categories: "Task",
    })),
    ...followUps.map((l): IcsEvent => ({
      uid: `follow-up-${l.id}@${UID_DOMAIN}`,
      ...stamp(l),
      date: l.follow_up_date!,
      summary: `Follow up: ${l.name}`,
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
      date: p.due_date!,
      summary: `Deadline: ${p.title}`,
      description: [
        `${p.client_name ? `For ${p.client_name}. ` : ""}Stage ${p.stage}, ${p.status}.`,
        `Open the project: ${crm}/projects?project=${p.id}`,
      ].join("\n"),
      url: `${crm}/projects?project=${p.id}`,
      categories: "Deadline",
    })),
  ];
}

/** The feed as text/calendar. */
export async function calendarFeed(db: Db, holder: FeedHolder, ctx: FeedContext): Promise<string> {
  return renderCalendar({
    prodId: `-//${ctx.studioName}//CRM calendar feed//EN`,
    name: `${ctx.studioName} CRM – ${holder.full_name}`,
    description: `${holder.full_name}'s open tasks and follow-ups, and the studio's project deadlines.`,
    events: await calendarFeedEvents(db, holder, ctx),
  });
}
