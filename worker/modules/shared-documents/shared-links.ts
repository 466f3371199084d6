/**
 * What the client's links have in common (a proposal's /p/<token>, an invoice's /i/<token>):
 * 256 random bits of which only the hash is kept, one limit on guessing them whichever kind is
 * guessed, the page's headers, and the count of the client's visits.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { invoice_links, proposal_links } from "../../db/schema";
import type { DocumentKind, SharedLink } from "../../../contract/shared-link";
import { randomToken, sha256Hex } from "../../platform/ids";
import { limits, reserveAttempt, tryReserve } from "../../platform/rate-limit";

/** Each kind's links: the table, the column naming the document, and where the client's page is. */
export const linksOf = {
  proposal: { table: proposal_links, document: proposal_links.proposal_id, path: "/p/" },
  invoice: { table: invoice_links, document: invoice_links.invoice_id, path: "/i/" },
} as const;

/** 256 bits, base64url: anything else is not a link we made, and reads nothing. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new link: the token, shown this once in the URL, and its SHA-256, which is all that is kept. */
export async function newLinkToken(): Promise<{ token: string; hash: string }> {
  const token = randomToken(32);
  return { token, hash: await sha256Hex(token) };
}

/** A client's page: never cached or indexed, and never passing its own URL (the secret) on as a referrer. */
export const SHARED_PAGE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

/**
 * The row `token` opens, read by `find` with the token's hash, or undefined. Only an unknown token
 * counts against the network's limit (limits.sharedLinkIp, one count for every kind of link, so
 * guessing at two kinds gets no more tries), and only an unknown one is refused with 429 once the
 * network is at it. A known link always opens and is never counted: a shared office or a mobile
 * carrier's NAT puts many people behind one address, and a stranger's guesses there must not lock
 * the real client out. Refusing a known token would protect nothing: at 256 bits it cannot be
 * guessed, only copied. The count is a reservation (one conditional insert), so a burst of
 * parallel guesses cannot slip past it.
 */
export async function findUnderLinkLimit<T>(
  db: Db,
  token: string,
  limitKey: string,
  find: (tokenHash: string) => PromiseLike<T | undefined>,
  now = Date.now(),
): Promise<T | undefined> {
  const found = LINK_TOKEN.test(token) ? await find(await sha256Hex(token)) : undefined;
  if (found) return found;
  await reserveAttempt(db, [{ limit: limits.sharedLinkIp, key: limitKey }], now);
  return undefined;
}

/**
 * Starts a visit to a link by a visitor's address (their limit key), or says one is under way:
 * true only for the first request from that address in half an hour (limits.linkVisit). An answer
 * posted on the page starts one too, so the page it is redirected to is not a view. One
 * conditional insert, so two parallel loads start one visit.
 */
export function startLinkVisit(db: Db, linkId: string, visitorKey: string, now = Date.now()): Promise<boolean> {
  return tryReserve(db, limits.linkVisit, `${linkId}:${visitorKey}`, now);
}

/**
 * Counts a client's view of a link's page (the first, the last and how many) when it starts a
 * visit: a reload or a return within half an hour from the same address is the same view. The
 * route decides who is a client: a GET by someone not signed in.
 */
export async function countLinkView(db: Db, kind: DocumentKind, linkId: string, visitorKey: string, now = Date.now()): Promise<void> {
  if (!(await startLinkVisit(db, linkId, visitorKey, now))) return;
  const { table } = linksOf[kind];
  const at = new Date(now).toISOString();
  await db
    .update(table)
    .set({
      views: sql`${table.views} + 1`,
      first_viewed_at: sql`coalesce(${table.first_viewed_at}, ${at})`,
      last_viewed_at: at,
    })
    .where(eq(table.id, linkId));
}

/** A record's live link as its list query joins it in (at most one is live), beside the record's own columns. */
export const liveLinkColumns = (table: typeof invoice_links | typeof proposal_links) => ({
  shared_at: table.created_at,
  views: table.views,
  first_viewed_at: table.first_viewed_at,
  last_viewed_at: table.last_viewed_at,
  emailed_to: table.emailed_to,
  emailed_at: table.emailed_at,
});

interface LiveLinkRow {
  shared_at: string | null;
  views: number | null;
  first_viewed_at: string | null;
  last_viewed_at: string | null;
  emailed_to: string | null;
  emailed_at: string | null;
}

/** A joined row as the record's own columns and its live link, null when it has none. */
export function withLiveLink<R extends LiveLinkRow>(row: R): { rest: Omit<R, keyof LiveLinkRow>; share: SharedLink | null } {
  const { shared_at, views, first_viewed_at, last_viewed_at, emailed_to, emailed_at, ...rest } = row;
  return {
    rest,
    share: shared_at !== null ? { shared_at, views: views ?? 0, first_viewed_at, last_viewed_at, emailed_to, emailed_at } : null,
  };
}
