/**
 * The one service behind a client's link, whatever the document (document-kinds.ts says what
 * differs): Share makes a link, Revoke ends it, and a token opens its document or says why not.
 * Send, which e-mails a new link, is in link-emails.ts. The document itself is read by its own
 * module (`get`: getProposal, getInvoice), so this module needs neither proposals nor invoices.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { invoice_links, proposal_links } from "../../db/schema";
import type { SessionUser } from "../../../contract/user";
import type { Env } from "../../env";
import { AppError, notFound } from "../../platform/errors";
import { newId } from "../../platform/ids";
import { nowIso } from "../../platform/time";
import { runBatch } from "../../platform/batch";
import { auditEvent, type AuditSource } from "../audit";
import { kindRules, type DocumentKind, type DocumentOf } from "./document-kinds";
import { derivedLinkToken } from "./link-tokens";
import { findUnderLinkLimit, linksOf, newLinkToken } from "./shared-links";

/** What a link's calls take from the request: the database, the mail bindings and the secret, the site's origin, who acts. */
export interface LinkContext {
  db: Db;
  env: Pick<Env, "EMAIL" | "MAIL_FROM" | "STUDIO_INBOX" | "STUDIO_NAME" | "SESSION_SECRET">;
  /** The site's origin, for the link. */
  origin: string;
  by: SessionUser;
  source: AuditSource;
  requestId: string;
}

/** Reads a document of kind K as the CRM answers it; 404 when there is none. */
export type DocumentReader<K extends DocumentKind> = (db: Db, id: string) => Promise<DocumentOf[K]>;

/**
 * A proposal's token is derived from its link's id (link-tokens.ts), so the studio's later mail
 * can rebuild the link; an invoice's is 256 random bits, as nothing mails it later (decision 0027).
 */
const tokenFor = (kind: DocumentKind, secret: string, linkId: string) =>
  kind === "proposal" ? derivedLinkToken(secret, kind, linkId) : newLinkToken();

/**
 * Makes a new link for the client, `{origin}/p/<token>` or `{origin}/i/<token>`, of which only the
 * token's hash is kept, so it is shown this once. In one write: the link before stops working, a
 * Draft becomes Sent, and the audit trail says so. Answers the link and its row's id.
 */
export async function makeDocumentLink<K extends DocumentKind>(
  ctx: Pick<LinkContext, "db" | "env" | "origin" | "by" | "source">,
  kind: K,
  doc: DocumentOf[K],
): Promise<{ url: string; linkId: string }> {
  const { db } = ctx;
  const about = kindRules[kind];
  const refusal = about.refusal(doc);
  if (refusal) throw new AppError("conflict", refusal);
  const now = nowIso();
  const linkId = newId();
  const { token, hash } = await tokenFor(kind, ctx.env.SESSION_SECRET, linkId);
  const { table, document, path } = linksOf[kind as DocumentKind];
  const link = { id: linkId, token_hash: hash, created_by: ctx.by.id, created_at: now, updated_at: now };
  await runBatch(db, [
    db
      .update(table)
      .set({ revoked_at: now, updated_at: now })
      .where(and(eq(document, doc.id), isNull(table.revoked_at))),
    kind === "proposal"
      ? db.insert(proposal_links).values({ ...link, proposal_id: doc.id })
      : db.insert(invoice_links).values({ ...link, invoice_id: doc.id }),
    ...(doc.status === "Draft" ? [about.sent(db, doc)] : []),
    // The trail's subject is an account; the document is named in the detail.
    auditEvent(db, ctx.source, `${kind as DocumentKind}_shared`, `Shared ${about.words(doc)}`),
  ]);
  return { url: `${ctx.origin}${path}${token}`, linkId };
}

/** Share: a new link, shown once, and the document as it now is. */
export async function shareDocument<K extends DocumentKind>(
  ctx: LinkContext,
  kind: K,
  id: string,
  get: DocumentReader<K>,
): Promise<{ url: string; document: DocumentOf[K] }> {
  const { url } = await makeDocumentLink(ctx, kind, await get(ctx.db, id));
  return { url, document: await get(ctx.db, id) };
}

/** Revoke: the live link stops working at once; the document itself is unchanged. Answers it as it now is. */
export async function revokeDocumentLink<K extends DocumentKind>(
  ctx: Pick<LinkContext, "db" | "source">,
  kind: K,
  id: string,
  get: DocumentReader<K>,
): Promise<DocumentOf[K]> {
  const { db } = ctx;
  const { table, document } = linksOf[kind as DocumentKind];
  const live = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(document, id), isNull(table.revoked_at)))
    .get();
  if (!live) throw notFound("Shared link");
  const words = kindRules[kind].words(await get(db, id));
  const now = nowIso();
  await db.batch([
    db.update(table).set({ revoked_at: now, updated_at: now }).where(eq(table.id, live.id)),
    auditEvent(db, ctx.source, `${kind as DocumentKind}_link_revoked`, `Revoked the link to ${words}`),
  ]);
  return get(db, id);
}

/** What a token opens: its document as `read` gives it, or that the link ended (revoked or replaced), or nothing we made. */
export type DocumentLinkLookup<T> = { kind: "open"; linkId: string; document: T } | { kind: "ended" } | { kind: "unknown" };

/**
 * What a client's token opens, for every request on its page. A deleted document took its links
 * with it, so its token is unknown. Unknown tokens count against the network's limit on guessing
 * links, which /p and /i share (shared-links.ts).
 */
export async function lookupDocumentLink<T>(
  db: Db,
  kind: DocumentKind,
  token: string,
  limitKey: string,
  read: (documentId: string) => Promise<T | undefined>,
  now = Date.now(),
): Promise<DocumentLinkLookup<T>> {
  const { table, document } = linksOf[kind];
  const found = await findUnderLinkLimit(
    db,
    token,
    limitKey,
    (tokenHash) =>
      db
        .select({ id: table.id, documentId: document, revoked_at: table.revoked_at })
        .from(table)
        .where(eq(table.token_hash, tokenHash))
        .get(),
    now,
  );
  if (!found) return { kind: "unknown" };
  if (found.revoked_at) return { kind: "ended" };
  const doc = await read(found.documentId);
  return doc ? { kind: "open", linkId: found.id, document: doc } : { kind: "unknown" };
}
