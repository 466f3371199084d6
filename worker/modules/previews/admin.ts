/**
 * Managing a client's preview from the CRM (docs/decisions/0043-client-previews.md): link the client to one of the public
 * preview cards, set the URL and expiry, issue a new access code (shown once, stored only as a
 * PBKDF2 hash), revoke and restore. The link lives on the client row (`clients.preview_id`,
 * unique); the record itself lives in KV where the public page reads it.
 *
 * Every change that should lock out visitors who already unlocked (a new code, a revocation,
 * the card passing to another client) moves the record's `updatedAt`, which unlock cookies carry.
 */
import type { KVNamespace } from "@cloudflare/workers-types";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db";
import { clients } from "../../db/schema";
import { hashPassword } from "../../platform/password";
import type * as z from "zod";
import type { PreviewAdmin, PreviewId, previewLinkInput } from "../../../contract/preview";
import type { PreviewCardRow } from "../../../contract/export";
import { AppError, notFound } from "../../platform/errors";
import { nextStamp, nowIso } from "../../platform/time";
import { readPreview, writePreview, type PreviewRecord } from "./store";
import { lastViewed } from "./log";
import { publishRelease } from "./preview-releases";
import { auditEvent, clientTarget, type AuditSource } from "../audit";

interface LinkedClient {
  id: string;
  name: string;
  preview_id: string | null;
}

async function clientOf(db: Db, clientId: string): Promise<LinkedClient> {
  const row = await db
    .select({ id: clients.id, name: clients.name, preview_id: clients.preview_id })
    .from(clients)
    .where(eq(clients.id, clientId))
    .get();
  if (!row) throw notFound("Client");
  return row;
}

const notLinked = () => new AppError("conflict", "Link this client to a preview first");

const freshRecord = (name: string): PreviewRecord => ({
  name,
  previewUrl: null,
  code: null,
  expiresAt: null,
  revoked: false,
  updatedAt: nowIso(),
});

/** A new version stamp, always later than the record's current one. */
const bump = (record: PreviewRecord | null) => (record ? nextStamp(record.updatedAt) : nowIso());

async function view(db: Db, previewId: string, record: PreviewRecord | null, clientName: string): Promise<PreviewAdmin> {
  return {
    preview_id: previewId as PreviewId,
    name: record?.name ?? clientName,
    previewUrl: record?.previewUrl ?? null,
    hasCode: !!record?.code,
    expiresAt: record?.expiresAt ?? null,
    revoked: record?.revoked ?? false,
    updatedAt: record?.updatedAt ?? null,
    last_viewed_at: await lastViewed(db, previewId),
  };
}

/** The client's preview, or null when it is linked to none. */
export async function getClientPreview(db: Db, kv: KVNamespace, clientId: string): Promise<PreviewAdmin | null> {
  const client = await clientOf(db, clientId);
  if (!client.preview_id) return null;
  return view(db, client.preview_id, await readPreview(kv, client.preview_id), client.name);
}

const takenBy = (name: string) =>
  new AppError("conflict", `That preview is already linked to ${name}`, { preview_id: `That preview is already linked to ${name}` });

/**
 * Links the client to a card (moving it off any card it had, which is revoked) and sets the
 * URL and expiry. The card's name follows the client's name, as the unlocked page greets them.
 * Saving the card it already has keeps its code and its revoked state.
 */
export async function linkClientPreview(
  db: Db,
  kv: KVNamespace,
  clientId: string,
  input: z.output<typeof previewLinkInput>,
  source: AuditSource,
): Promise<PreviewAdmin> {
  const client = await clientOf(db, clientId);
  const target = input.preview_id;
  const newlyLinked = client.preview_id !== target;
  if (newlyLinked) {
    const holder = await db.select({ id: clients.id, name: clients.name }).from(clients).where(eq(clients.preview_id, target)).get();
    if (holder) throw takenBy(holder.name);
    try {
      await db.update(clients).set({ preview_id: target }).where(eq(clients.id, client.id));
    } catch (err) {
      // Someone linked the same card a moment ago: the unique index decided.
      const now = await db.select({ name: clients.name }).from(clients).where(eq(clients.preview_id, target)).get();
      if (now) throw takenBy(now.name);
      throw err;
    }
    if (client.preview_id) await revokeRecord(db, kv, client.preview_id);
  }
  const current = await readPreview(kv, target);
  const settings = { name: client.name, previewUrl: input.previewUrl, expiresAt: input.expiresAt };
  // A card passing to this client starts afresh: no code until one is issued, and visitors of
  // whoever held it before are locked out. Otherwise only the URL and expiry change.
  const record = await writePreview(
    { kv, db },
    target,
    current,
    newlyLinked || !current ? { ...freshRecord(client.name), ...settings, updatedAt: bump(current) } : { ...current, ...settings },
  );
  // A new URL is a new version for the client to review (and approve); the same URL is not.
  await publishRelease(db, target, client.id, record.previewUrl);
  // Who can reach the card changed; a new URL on the same card is a version, not an access change.
  if (newlyLinked) {
    const moved = client.preview_id ? `; preview ${client.preview_id} was revoked` : "";
    await auditEvent(db, source, "preview_linked", `Linked ${clientTarget(client)} to preview ${target}${moved}`);
  }
  return view(db, target, record, client.name);
}

/**
 * Revokes a card whatever it was linked to (its client deleted, or all data deleted). The deletion
 * has already committed, so a failure here is logged loudly rather than undoing it.
 */
export async function revokePreviewCard(db: Db, kv: KVNamespace, previewId: string): Promise<void> {
  try {
    await revokeRecord(db, kv, previewId);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", what: "preview revocation failed", previewId, error: String(error) }));
  }
}

async function revokeRecord(db: Db, kv: KVNamespace, previewId: string) {
  const record = await readPreview(kv, previewId);
  if (record) await writePreview({ kv, db }, previewId, record, { ...record, revoked: true, updatedAt: bump(record) });
}

/** Unlinks the client from its card; the card is revoked so nobody can open it until it is linked again. */
export async function unlinkClientPreview(db: Db, kv: KVNamespace, clientId: string, source: AuditSource): Promise<void> {
  const client = await clientOf(db, clientId);
  if (!client.preview_id) throw notLinked();
  await db.update(clients).set({ preview_id: null }).where(eq(clients.id, client.id));
  await revokeRecord(db, kv, client.preview_id);
  await auditEvent(
    db,
    source,
    "preview_unlinked",
    `Unlinked ${clientTarget(client)} from preview ${client.preview_id}; the preview was revoked`,
  );
}

/** Lower-case letters and digits without look-alikes (no i, l, o, 0, 1). */
const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A random, human-friendly access code such as `k7qm-4hxp-92td` (about 59 bits). */
export function generateAccessCode(groups = 3, size = 4): string {
  const chars: string[] = [];
  const limit = 256 - (256 % CODE_ALPHABET.length); // rejection sampling keeps every character equally likely
  while (chars.length < groups * size) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < limit && chars.length < groups * size) chars.push(CODE_ALPHABET[byte % CODE_ALPHABET.length]);
    }
  }
  return Array.from({ length: groups }, (_, g) => chars.slice(g * size, (g + 1) * size).join("")).join("-");
}

/** Sets a new access code and answers it: the only time it is ever seen. Visitors who unlocked with the old one are locked out. */
export async function issueAccessCode(
  db: Db,
  kv: KVNamespace,
  clientId: string,
  source: AuditSource,
): Promise<{ code: string; preview: PreviewAdmin }> {
  const client = await clientOf(db, clientId);
  if (!client.preview_id) throw notLinked();
  const current = await readPreview(kv, client.preview_id);
  const code = generateAccessCode();
  const record = await writePreview({ kv, db }, client.preview_id, current, {
    ...(current ?? freshRecord(client.name)),
    name: client.name,
    code: await hashPassword(code),
    updatedAt: bump(current),
  });
  await auditEvent(
    db,
    source,
    "preview_code_issued",
    `Issued a new access code for preview ${client.preview_id} of ${clientTarget(client)}`,
  );
  return { code, preview: await view(db, client.preview_id, record, client.name) };
}

/** Revokes (true) or restores (false) the client's preview; either way open visits must unlock again. */
export async function setPreviewRevoked(
  db: Db,
  kv: KVNamespace,
  clientId: string,
  revoked: boolean,
  source: AuditSource,
): Promise<PreviewAdmin> {
  const client = await clientOf(db, clientId);
  if (!client.preview_id) throw notLinked();
  const current = await readPreview(kv, client.preview_id);
  const record = await writePreview({ kv, db }, client.preview_id, current, {
    ...(current ?? freshRecord(client.name)),
    name: client.name,
    revoked,
    updatedAt: bump(current),
  });
  await auditEvent(
    db,
    source,
    revoked ? "preview_revoked" : "preview_restored",
    `${revoked ? "Revoked" : "Restored"} preview ${client.preview_id} of ${clientTarget(client)}`,
  );
  return view(db, client.preview_id, record, client.name);
}

/** The card the client is linked to, or null; 404 for an unknown client. */
export async function previewIdOf(db: Db, clientId: string): Promise<string | null> {
  return (await clientOf(db, clientId)).preview_id;
}

/**
 * The card of each linked client, for an export or a backup. Only `withCodes` (delete-all's
 * backup, which stays in D1 and only the Owner can restore) keeps the code's hash and version.
 */
export async function previewCardsOf(
  kv: KVNamespace,
  linked: readonly { id: string; preview_id: string | null }[],
  { withCodes = false } = {},
): Promise<PreviewCardRow[]> {
  const cards: PreviewCardRow[] = [];
  for (const client of linked) {
    if (!client.preview_id) continue;
    const record = await readPreview(kv, client.preview_id);
    cards.push({
      preview_id: client.preview_id as PreviewId,
      client_id: client.id,
      preview_url: record?.previewUrl ?? null,
      expires_at: record?.expiresAt ?? null,
      revoked: record?.revoked ?? false,
      ...(withCodes ? { code: record?.code ?? null, record_updated_at: record?.updatedAt ?? null } : {}),
    });
  }
  return cards;
}

export interface CardsRestored {
  /** Cards set up again with their URL, expiry and state. */
  restored: number;
  /** Linked clients whose card has no access code now: the studio issues them a new one. */
  need_code: { client_id: string; name: string }[];
  /** Cards whose record could not be written (KV refused): set them up again from the client's page. */
  failed: { client_id: string; name: string }[];
}

/**
 * Sets up the cards of a just-imported document again: URL, expiry and revoked state, and with
 * `armCodes` (a restore of delete-all's backup) the very code the client already has, and the
 * version their unlock cookie carries. A card without a code (an export file never carries one)
 * is listed for a new code. The rows have committed already, so a card that fails is reported,
 * not thrown.
 */
export async function restorePreviewCards(
  db: Db,
  kv: KVNamespace,
  doc: { clients: readonly { id: string; name: string; preview_id: string | null }[]; preview_cards: readonly PreviewCardRow[] },
  { armCodes = false } = {},
): Promise<CardsRestored> {
  const cards = new Map(doc.preview_cards.map((card) => [card.preview_id, card]));
  const result: CardsRestored = { restored: 0, need_code: [], failed: [] };
  for (const client of doc.clients) {
    if (!client.preview_id) continue;
    const card = cards.get(client.preview_id as PreviewId);
    const who = { client_id: client.id, name: client.name };
    try {
      const basis = await readPreview(kv, client.preview_id);
      const code = armCodes ? (card?.code ?? null) : null;
      // A re-armed code keeps its version, so the client's unlock cookie works again; anything
      // else is a new version, which locks out every earlier visit.
      const updatedAt = code && card?.record_updated_at ? card.record_updated_at : bump(basis);
      const revoked = card?.revoked ?? false;
      await writePreview({ kv, db }, client.preview_id, basis, {
        name: client.name,
        previewUrl: card?.preview_url ?? null,
        code,
        expiresAt: card?.expires_at ?? null,
        revoked,
        updatedAt,
      });
      result.restored++;
      // A card the studio had revoked stays closed until it chooses to open it.
      if (!code && !revoked) result.need_code.push(who);
    } catch (error) {
      console.error(
        JSON.stringify({ level: "error", what: "preview card restore failed", previewId: client.preview_id, error: String(error) }),
      );
      result.failed.push(who);
    }
  }
  return result;
}
