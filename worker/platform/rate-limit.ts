/**
 * Sliding-window limits kept in D1 (one row per counted event), so every isolate sees the
 * same count (docs/decisions/0003).
 *
 * Every limit RESERVES its event before the work it guards: one conditional INSERT that adds the
 * event only while the key is under its limit. D1 runs statements one at a time, so 200 parallel
 * requests get exactly `max` reservations and the rest are refused. Guessable secrets (sign-in,
 * the team gate, preview codes) reserve before the password is checked and give a success's
 * reservation back; submissions (forms, comments) keep an accepted one and give a refused one back.
 */
import { and, count, eq, gt, inArray, lt, min, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./db";
import { rate_limit_events } from "../db/schema";
import { runBatch } from "./batch";
import { tooManyAttempts } from "./errors";

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const limits = {
  /** Failed sign-ins from one address (an IPv6 client's /64), whatever the account. */
  loginIp: { bucket: "login-ip", max: 5, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins to one account from one network. Counting the account alone would let five
   * wrong guesses from anywhere lock its owner out everywhere (docs/guide/security.md): the owner's own network
   * still gets in while an attacker's is refused.
   */
  loginAccountNetwork: { bucket: "login-account-net", max: 5, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins to one account from everywhere: a ceiling that slows a distributed guess.
   * It never applies to a browser known to the account, so it cannot lock the account's people out.
   */
  loginAccount: { bucket: "login-account", max: 50, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins from one browser known to the account (its device cookie): the only limit such
   * a browser meets (docs/decisions/0014).
   */
  loginDevice: { bucket: "login-device", max: 5, windowMs: 15 * MINUTE },
  /** Wrong codes for one preview from one address. */
  preview: { bucket: "preview", max: 5, windowMs: 15 * MINUTE },
  /** Wrong codes from one address across all previews. */
  previewIp: { bucket: "preview-ip", max: 20, windowMs: 15 * MINUTE },
  forms: { bucket: "forms-ip", max: 20, windowMs: 60 * MINUTE },
  /**
   * Preview comments to one client from one network (/24 or /48). Counting the client alone would
   * let one holder of its code silence the real client everywhere for an hour.
   */
  commentsClientNetwork: { bucket: "comments-client-net", max: 30, windowMs: 60 * MINUTE },
  /** Preview comments from one network across every preview. */
  commentsNetwork: { bucket: "comments-net", max: 60, windowMs: 60 * MINUTE },
  /**
   * Preview comments to one client from everywhere: a ceiling on the studio's mail about one client,
   * four networks' worth, so no single network can reach it.
   */
  commentsClient: { bucket: "comments-client", max: 120, windowMs: 60 * MINUTE },
  /**
   * Unknown calendar-feed tokens from one address (an IPv6 client's /64). Subscribers share the
   * addresses of Google's and Microsoft's fetchers, so the allowance leaves room for a few stale
   * subscriptions to a rotated URL.
   */
  calendarFeedIp: { bucket: "calendar-feed-ip", max: 20, windowMs: 60 * MINUTE },
  /**
   * Unknown shared links from one network, proposals' (/p/<token>) and invoices' (/i/<token>) alike:
   * a client mistyping one is far below it. A known link is never counted or refused by it
   * (modules/shared-documents/shared-links.ts). The bucket keeps the name it had when only proposals
   * were shared, so the events already counted still count.
   */
  sharedLinkIp: { bucket: "proposal-link-ip", max: 20, windowMs: 60 * MINUTE },
  /**
   * Not a refusal but a dedupe: one counted view of a client's link per visitor's address (an IPv6
   * client's /64) per half hour, so a reload, a return soon after, or the page an answer is
   * redirected to is the same visit (modules/shared-documents/shared-links.ts).
   */
  linkVisit: { bucket: "link-visit", max: 1, windowMs: 30 * MINUTE },
  /**
   * E-mails one member of staff sends from the CRM in the studio's name: client links (proposals'
   * and invoices') and invitations together. Each link e-mail also revokes the client's current
   * link, so a run of sends is never routine.
   */
  staffSends: { bucket: "staff-sends", max: 20, windowMs: 60 * MINUTE },
  /**
   * Stripe's webhook deliveries from one network (/24 or /48): far above a studio's payments (Stripe
   * sends a few events for each), a ceiling on what anyone else posting there costs.
   */
  stripeWebhook: { bucket: "stripe-webhook-net", max: 600, windowMs: 10 * MINUTE },
  /** Questions on one shared proposal from one network: a ceiling on the studio's mail about it. */
  proposalQuestions: { bucket: "proposal-questions", max: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;

const windowStart = (limit: Limit, now: number) => new Date(now - limit.windowMs).toISOString();

function inWindow(limit: Limit, key: string, now: number) {
  return and(
    eq(rate_limit_events.bucket, limit.bucket),
    eq(rate_limit_events.key, key),
    gt(rate_limit_events.created_at, windowStart(limit, now)),
  );
}

/** The 429 for a key at its limit: Retry-After is when its oldest event in the window expires. */
async function refusal(db: Db, limit: Limit, key: string, now: number) {
  const [row] = await db
    .select({ oldest: min(rate_limit_events.created_at) })
    .from(rate_limit_events)
    .where(inWindow(limit, key, now));
  const oldest = row?.oldest ? Date.parse(row.oldest) : now;
  return tooManyAttempts((oldest + limit.windowMs - now) / 1000);
}

/** The read behind eventsInWindow, for a caller that puts it in a batch with its own reads. */
export function eventsInWindowQuery(db: Db, limit: Limit, key: string, now = Date.now()) {
  return db
    .select({ n: count() })
    .from(rate_limit_events)
    .where(inWindow(limit, key, now));
}

/** How many events `key` has in its window now. */
export async function eventsInWindow(db: Db, limit: Limit, key: string, now = Date.now()): Promise<number> {
  const [row] = await eventsInWindowQuery(db, limit, key, now);
  return row?.n ?? 0;
}

/** One attempt counted under each of several limits at once; give it back when the attempt succeeds. */
export interface Reservation {
  /** Deletes the reserved events (a success is not a failure). */
  release(): BatchItem<"sqlite">;
  /**
   * Gives the reservation back, then rethrows `err`: a submission refused or failed after it was
   * reserved does not use up the sender's allowance (`.catch(reservation.giveBack)`).
   */
  giveBack(err: unknown): Promise<never>;
}

/** Adds the event only while the key is under its limit; RETURNING says whether it did. */
function reserveOne(db: Db, limit: Limit, key: string, now: number) {
  const at = new Date(now).toISOString();
  const under = sql`(SELECT count(*) FROM ${rate_limit_events} WHERE ${inWindow(limit, key, now)}) < ${limit.max}`;
  return db
    .insert(rate_limit_events)
    .select(
      db
        .select({
          // NULL lets SQLite assign the autoincrement id; drizzle wants every column named.
          id: sql<number>`NULL`.as("id"),
          bucket: sql<string>`${limit.bucket}`.as("bucket"),
          key: sql<string>`${key}`.as("key"),
          created_at: sql<string>`${at}`.as("created_at"),
        })
        .from(sql`(SELECT 1)`)
        .where(under),
    )
    .returning({ id: rate_limit_events.id });
}

/**
 * Counts this attempt against every (limit, key) before the secret is checked, atomically per
 * key: refused with 429 (and nothing kept) when any of them is already at its limit. A failed
 * attempt keeps its events; a successful one releases them.
 */
export async function reserveAttempt(db: Db, counted: { limit: Limit; key: string }[], now = Date.now()): Promise<Reservation> {
  const results = (await runBatch(
    db,
    counted.map(({ limit, key }) => reserveOne(db, limit, key, now)),
  )) as { id: number }[][];
  const ids = results.flatMap((rows) => rows.map((r) => r.id));
  const release = () => db.delete(rate_limit_events).where(inArray(rate_limit_events.id, ids.length ? ids : [-1]));
  const full = results.findIndex((rows) => rows.length === 0);
  if (full >= 0) {
    if (ids.length) await release();
    throw await refusal(db, counted[full].limit, counted[full].key, now);
  }
  const giveBack = async (err: unknown): Promise<never> => {
    await release();
    throw err;
  };
  return { release, giveBack };
}

/** Adds one event for `key` while it is under its limit, refusing nothing: true when it was added. */
export async function tryReserve(db: Db, limit: Limit, key: string, now = Date.now()): Promise<boolean> {
  return (await reserveOne(db, limit, key, now)).length > 0;
}

/** Forget a key's events (a successful sign-in clears its failures). */
export function clearEvents(db: Db, limit: Limit, key: string) {
  return db.delete(rate_limit_events).where(and(eq(rate_limit_events.bucket, limit.bucket), eq(rate_limit_events.key, key)));
}

/** Longer than every window in `limits`; events older than this count for nothing. */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;

/** The nightly housekeeping (modules/data/housekeeping.ts): events older than the longest window count for nothing. */
export function pruneEvents(db: Db, now = Date.now()) {
  return db.delete(rate_limit_events).where(lt(rate_limit_events.created_at, new Date(now - EVENT_RETENTION_MS).toISOString()));
}
