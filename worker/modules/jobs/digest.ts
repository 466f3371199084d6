/**
 * The daily digest: at 08:00 in London each member of staff who wants it gets one
 * e-mail of what needs them: the calls booked with them that day, their tasks due or overdue, follow-ups due on their leads (and on
 * leads nobody owns, such as website enquiries), proposals waiting more than 7 days, new client
 * feedback, and, for an Owner, invoices overdue. Nothing is sent on a day with nothing to say.
 *
 * Each person's day is claimed (a `digest_sends` row) before anything is sent, so a second run, a
 * retry or two runs at once never mail anyone twice; a send the binding refuses stays `failed`
 * and Settings lists it for the Owner, with a resend.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import type { Env } from "../../env";
import { calls, clients, digest_sends, invoices, leads, preview_comments, proposals, tasks, users } from "../../db/schema";
import { openStatuses } from "../../../contract/lead-statuses";
import { relatedHref } from "../../../contract/related-href";
import { PROPOSAL_WAIT_DAYS } from "../../../contract/dashboard";
import { dayLabel, STUDIO_ZONE, wallClock } from "../../../contract/booking-slots";
import type { FailedDigest } from "../../../contract/digest";
import type { Role } from "../../../contract/user";
import type { Mail } from "../../platform/email";
import { trySend } from "../../platform/email";
import { notFound } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { formatGbp } from "../../platform/money";
import { relatedNameOf } from "../activities";
import { addDays, londonHour, londonToday, nowIso } from "../../platform/time";

/** The London hour from which the day's digest is due; runs later that day (a missed hour) still send it. */
export const DIGEST_HOUR = 8;
/** Items listed per section; the rest are a link away. */
export const SECTION_MAX = 20;

export interface DigestItem {
  text: string;
  /** A CRM path, e.g. /crm/leads?lead=… */
  path: string;
  /** What else is due on the same lead, listed here rather than again in a later section. */
  also?: DigestItem[];
}
export interface DigestSection {
  title: string;
  items: DigestItem[];
  /** Where the whole list lives, for "and N more". */
  more: { count: number; path: string } | null;
}

interface Recipient {
  id: string;
  email: string;
  full_name: string;
  role: Role;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
/** "Mon 24 Nov", for a YYYY-MM-DD date. */
const shortDate = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const when = (due: string, today: string) => (due < today ? `overdue since ${shortDate(due)}` : "due today");
const oneLine = (text: string, max = 80) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** An item and the lead it is about, if any: a lead is listed once, under its first item. */
interface Row extends DigestItem {
  lead?: string | null;
  /** The words when it joins an earlier item about the same lead, which already names the lead. */
  alsoText?: string;
}

function section(title: string, rows: DigestItem[], path: string): DigestSection {
  return {
    title,
    items: rows.slice(0, SECTION_MAX),
    more: rows.length > SECTION_MAX ? { count: rows.length - SECTION_MAX, path } : null,
  };
}

/**
 * A lead appears once in a person's digest: a later section's item about a lead already listed
 * (its follow-up, a proposal waiting for it, a second task) joins that item as an "also" line.
 */
function oncePerLead(sections: { title: string; rows: Row[]; path: string }[]): DigestSection[] {
  const first = new Map<string, DigestItem>();
  return sections.map(({ title, rows, path }) => {
    const kept: DigestItem[] = [];
    for (const { lead, alsoText, ...item } of rows) {
      const earlier = lead ? first.get(lead) : undefined;
      if (earlier) (earlier.also ??= []).push({ ...item, text: alsoText ?? item.text });
      else {
        kept.push(item);
        if (lead) first.set(lead, item);
      }
    }
    return section(title, kept, path);
  });
}

/** ", for Jo Carter" after a task about a lead or client, unless its title already names them. */
const forPerson = (t: { title: string; related_type: string | null; related_name: string | null }) =>
  (t.related_type === "lead" || t.related_type === "client") && t.related_name && !t.title.includes(t.related_name)
    ? `, for ${t.related_name}`
    : "";

/** Who a proposal is for, as the digest names them: the client, else the lead and their company. */
const forWhom = (p: { client: string | null; lead: string | null; company: string | null }) =>
  p.client ?? (p.lead ? `${p.lead}${p.company ? ` (${p.company})` : ""}` : null);

/**
 * What `user`'s digest lists on London date `today`; `now` bounds "new" feedback (the last 24
 * hours). Empty sections are left out. One batch of indexed, limited queries. Each item links to
 * its record (the lead's dialog, the client's page, the proposal, the invoice), and a lead is
 * listed once (oncePerLead).
 */
export async function composeDigest(db: Db, user: Recipient, today: string, now: Date): Promise<DigestSection[]> {
  const cap = SECTION_MAX + 1;
  // Sent before this date: more than PROPOSAL_WAIT_DAYS days ago, as the dashboard counts them.
  const sentBy = addDays(today, -PROPOSAL_WAIT_DAYS);
  const feedbackSince = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  const [myCalls, myTasks, followUps, waiting, feedback, late] = await db.batch([
    // Through calls_host_day_idx.
    db
      .select({
        lead_id: calls.lead_id,
        name: calls.name,
        company: calls.company,
        method: calls.method,
        phone: calls.phone,
        topic: calls.topic,
        start_at: calls.start_at,
        end_at: calls.end_at,
      })
      .from(calls)
      .where(and(eq(calls.host_id, user.id), eq(calls.london_date, today), eq(calls.status, "confirmed")))
      .orderBy(asc(calls.start_at))
      .limit(cap),
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        due_date: tasks.due_date,
        related_type: tasks.related_type,
        related_id: tasks.related_id,
        related_name: relatedNameOf(tasks.related_type, tasks.related_id),
      })
      .from(tasks)
      .where(and(eq(tasks.assignee_username, user.id), eq(tasks.completed, false), lte(tasks.due_date, today)))
      .orderBy(asc(tasks.due_date), asc(tasks.title))
      .limit(cap),
    db
      .select({ id: leads.id, name: leads.name, company: leads.company, follow_up_date: leads.follow_up_date })
      .from(leads)
      .where(
        and(
          lte(leads.follow_up_date, today),
          inArray(leads.status, [...openStatuses]),
          or(eq(leads.added_by, user.id), isNull(leads.added_by)),
        ),
      )
      .orderBy(asc(leads.follow_up_date), asc(leads.name))
      .limit(cap),
    db
      .select({
        id: proposals.id,
        title: proposals.title,
        value: proposals.value,
        sent_date: proposals.sent_date,
        lead_id: proposals.lead_id,
        lead: leads.name,
        company: leads.company,
        client: clients.name,
      })
      .from(proposals)
      .leftJoin(leads, eq(leads.id, proposals.lead_id))
      .leftJoin(clients, eq(clients.id, proposals.client_id))
      .where(and(eq(proposals.status, "Sent"), lt(proposals.sent_date, sentBy)))
      .orderBy(asc(proposals.sent_date), asc(proposals.title))
      .limit(cap),
    db
      .select({
        client_id: preview_comments.client_id,
        client: clients.name,
        author: preview_comments.author_name,
        body: preview_comments.body,
      })
      .from(preview_comments)
      .innerJoin(clients, eq(clients.id, preview_comments.client_id))
      .where(and(eq(preview_comments.status, "Open"), gte(preview_comments.created_at, feedbackSince)))
      .orderBy(desc(preview_comments.created_at))
      .limit(cap),
    // Invoices are the Owner's: Sales are not chased about payments.
    db
      .select({ id: invoices.id, number: invoices.number, total: invoices.total, due_date: invoices.due_date, client: clients.name })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.client_id))
      .where(user.role === "Owner" ? eq(invoices.status, "Overdue") : sql`0`)
      .orderBy(asc(invoices.due_date), asc(invoices.number))
      .limit(cap),
  ]);
  const sections = oncePerLead([
    {
      // First: the day's fixed times. The host's task for each call then joins it as an "also" line.
      title: "Your calls today",
      rows: myCalls.map((c) => {
        const how = c.method === "phone" ? `phone ${c.phone ?? "them"}` : "video";
        const at = `${wallClock(c.start_at, STUDIO_ZONE).time}–${wallClock(c.end_at, STUDIO_ZONE).time}`;
        return {
          text: `${at} ${c.name}${c.company ? `, ${c.company}` : ""} (${how}): ${oneLine(c.topic)}`,
          alsoText: `call at ${at}`,
          path: c.lead_id ? relatedHref("lead", c.lead_id, c.name) : "/crm/calls",
          lead: c.lead_id,
        };
      }),
      path: "/crm/calls",
    },
    {
      title: "Your tasks due today or overdue",
      rows: myTasks.map((t) => ({
        text: `${t.title}${forPerson(t)} (${when(t.due_date ?? today, today)})`,
        path: t.related_type && t.related_id ? relatedHref(t.related_type, t.related_id, t.title) : "/crm/tasks",
        lead: t.related_type === "lead" ? t.related_id : null,
      })),
      path: "/crm/tasks",
    },
    {
      title: "Follow-ups due",
      rows: followUps.map((l) => ({
        text: `${l.name}${l.company ? `, ${l.company}` : ""} (${when(l.follow_up_date ?? today, today)})`,
        alsoText: `follow-up ${when(l.follow_up_date ?? today, today)}`,
        path: relatedHref("lead", l.id, l.name),
        lead: l.id,
      })),
      path: "/crm/leads?follow_up=due",
    },
    {
      title: "Invoices overdue",
      rows: late.map((i) => ({
        text: `${i.number}, ${i.client}: ${formatGbp(i.total)}, due ${shortDate(i.due_date)}`,
        path: relatedHref("invoice", i.id, i.number),
      })),
      path: "/crm/invoices?status=Overdue",
    },
    {
      title: `Proposals waiting more than ${PROPOSAL_WAIT_DAYS} days`,
      rows: waiting.map((p) => {
        const who = forWhom(p);
        const terms = `${p.value != null ? `, ${formatGbp(p.value)}` : ""} (sent ${shortDate(p.sent_date ?? today)})`;
        return {
          text: `${p.title}${who ? ` for ${who}` : ""}${terms}`,
          alsoText: `proposal "${p.title}" waiting${terms}`,
          path: relatedHref("proposal", p.id, p.title),
          lead: p.lead_id,
        };
      }),
      path: "/crm/proposals",
    },
    {
      title: "New client feedback",
      rows: feedback.map((f) => ({
        text: `${f.client}: “${oneLine(f.body)}” (${oneLine(f.author, 40)})`,
        path: relatedHref("client", f.client_id, f.client),
      })),
      path: "/crm/clients",
    },
  ]);
  return sections.filter((s) => s.items.length > 0);
}

/** How many things a digest lists: every item, those folded into another's included, and those beyond a section's first SECTION_MAX. */
const itemCount = (sections: DigestSection[]) =>
  sections.reduce((n, s) => n + s.items.reduce((m, i) => m + 1 + (i.also?.length ?? 0), 0) + (s.more?.count ?? 0), 0);

/** The e-mail for a non-empty digest: plain text, every item with its link. */
export function digestMail(env: Pick<Env, "SITE_URL" | "STUDIO_NAME">, user: Recipient, today: string, sections: DigestSection[]): Mail {
  const site = env.SITE_URL.replace(/\/+$/, "");
  const count = itemCount(sections);
  const first = user.full_name.split(/\s+/)[0] || user.full_name;
  const lines = [
    `Good morning ${first},`,
    "",
    `${count === 1 ? "One thing needs" : `${count} things need`} you today in the ${env.STUDIO_NAME} CRM.`,
  ];
  for (const s of sections) {
    lines.push("", `${s.title.toUpperCase()} (${s.items.length + (s.more?.count ?? 0)})`);
    for (const item of s.items) {
      lines.push(`- ${item.text}`, `  ${site}${item.path}`);
      for (const more of item.also ?? []) lines.push(`  Also: ${more.text}`, ...(more.path === item.path ? [] : [`  ${site}${more.path}`]));
    }
    if (s.more) lines.push(`- and ${s.more.count} more: ${site}${s.more.path}`);
  }
  lines.push(
    "",
    "--",
    `You get this e-mail on mornings when something is due. Turn it off in Settings, Your account: ${site}/crm/settings`,
  );
  return { to: user.email, subject: `Your ${env.STUDIO_NAME} CRM digest for ${dayLabel(today)}`, text: lines.join("\n") };
}

type DigestEnv = Pick<Env, "EMAIL" | "MAIL_FROM" | "SITE_URL" | "STUDIO_NAME">;
export type DigestOutcome = "sent" | "failed" | "empty";

/** Composes and sends one person's digest, recording the outcome on their claimed row. */
async function deliver(env: DigestEnv, db: Db, rowId: string, user: Recipient, today: string, now: Date): Promise<DigestOutcome> {
  const sections = await composeDigest(db, user, today, now);
  const items = itemCount(sections);
  const error = items === 0 ? null : await trySend(env, digestMail(env, user, today, sections), { digest: user.id });
  const status: DigestOutcome = items === 0 ? "empty" : error ? "failed" : "sent";
  await db
    .update(digest_sends)
    .set({
      status,
      items,
      error: error ? error.slice(0, 500) : null,
      attempts: items === 0 ? digest_sends.attempts : sql`${digest_sends.attempts} + 1`,
      updated_at: nowIso(),
    })
    .where(eq(digest_sends.id, rowId));
  return status;
}

/** Everyone who wants the digest: active personal accounts (the shared team account has no inbox of its own). */
function recipients(db: Db) {
  return db
    .select({ id: users.id, email: users.email, full_name: users.full_name, role: users.role })
    .from(users)
    .where(and(eq(users.disabled, false), eq(users.is_team, false), eq(users.daily_digest, true)))
    .orderBy(asc(users.email));
}

/**
 * Today's digests for everyone not yet claimed today. Answers the counts, or null before 08:00 in
 * London. A person claimed by an earlier run (or a run alongside) is skipped, whatever its outcome.
 */
export async function sendDailyDigests(env: DigestEnv, db: Db, now: Date): Promise<Record<DigestOutcome | "skipped", number> | null> {
  if (londonHour(now) < DIGEST_HOUR) return null;
  const today = londonToday(now);
  const counts = { sent: 0, failed: 0, empty: 0, skipped: 0 };
  for (const user of await recipients(db)) {
    const [claim] = await db
      .insert(digest_sends)
      .values({ id: newId(), user_id: user.id, run_date: today, status: "sending" })
      .onConflictDoNothing()
      .returning({ id: digest_sends.id });
    if (!claim) {
      counts.skipped++;
      continue;
    }
    counts[await deliver(env, db, claim.id, user, today, now)]++;
  }
  return counts;
}

/** Digests the binding refused, newest first, for Settings. */
export async function listFailedDigests(db: Db): Promise<FailedDigest[]> {
  return db
    .select({
      id: digest_sends.id,
      user_id: digest_sends.user_id,
      full_name: users.full_name,
      email: users.email,
      run_date: digest_sends.run_date,
      error: digest_sends.error,
      attempts: digest_sends.attempts,
      updated_at: digest_sends.updated_at,
    })
    .from(digest_sends)
    .innerJoin(users, eq(users.id, digest_sends.user_id))
    .where(eq(digest_sends.status, "failed"))
    .orderBy(desc(digest_sends.run_date), asc(users.full_name));
}

/**
 * Sends a failed digest again, with what is due now (a list from days ago would be stale).
 * Answers the outcome: "empty" when nothing is due for them any more, so nothing was sent.
 */
export async function resendDigest(env: DigestEnv, db: Db, id: string, now = new Date()): Promise<DigestOutcome> {
  const [row] = await db
    .select({ id: digest_sends.id, email: users.email, full_name: users.full_name, role: users.role, user_id: users.id })
    .from(digest_sends)
    .innerJoin(users, eq(users.id, digest_sends.user_id))
    .where(and(eq(digest_sends.id, id), eq(digest_sends.status, "failed")));
  if (!row) throw notFound("Failed digest");
  const user = { id: row.user_id, email: row.email, full_name: row.full_name, role: row.role };
  return deliver(env, db, row.id, user, londonToday(now), now);
}

export async function getDigestPreference(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.daily_digest }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound("Account");
  return row.on;
}

export async function setDigestPreference(db: Db, userId: string, on: boolean): Promise<boolean> {
  const [row] = await db
    .update(users)
    // Not updated_at: that is the version an Owner's edit of the account is checked against.
    .set({ daily_digest: on })
    .where(eq(users.id, userId))
    .returning({ on: users.daily_digest });
  if (!row) throw notFound("Account");
  return row.on;
}
