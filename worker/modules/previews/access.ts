/**
 * Unlocking a client preview. A wrong code, a revoked or an expired preview all look the same
 * from outside, and cost the same PBKDF2 run (an id that is not a card never gets here: a 404,
 * modules/previews/previews-routes.ts). Success sets a signed cookie scoped to that client for 12 hours.
 */
import { SignJWT, jwtVerify } from "jose";
import { signingKeyFor } from "../../platform/keys";
import { getCookie, setCookie } from "hono/cookie";
import type { Context } from "hono";
import type { AppEnv, PreviewContext } from "../../env";
import { DUMMY_HASH, verifyPassword } from "../../platform/password";
import { isOpen, readCurrentPreview, type PreviewRecord } from "./store";
import type { PreviewClient } from "../../../contract/preview";
import { AppError } from "../../platform/errors";
import { clientOfPreview } from "./preview-releases";

export const PREVIEW_TTL_SECONDS = 12 * 60 * 60;
const AUDIENCE = "client-preview";
/** `__Host-`: the browser only accepts it Secure, for the whole site, from this exact host. */
const cookieName = (id: string) => `__Host-rb_preview_${id.replace(/[^a-z0-9-]/gi, "")}`;
const key = (secret: string) => signingKeyFor(secret, "preview-cookie");

export const previewClientOf = (r: PreviewRecord): PreviewClient => ({ name: r.name, previewUrl: r.previewUrl });

export async function checkCode(c: Context<AppEnv>, id: string, code: string): Promise<PreviewRecord | null> {
  const record = await readCurrentPreview({ kv: c.env.PREVIEWS, db: c.get("db") }, id);
  const open = isOpen(record);
  const ok = await verifyPassword(code, open ? record.code : DUMMY_HASH);
  return open && ok ? record : null;
}

export async function grantCookie(c: Context<AppEnv>, id: string, record: PreviewRecord): Promise<void> {
  const token = await new SignJWT({ v: record.updatedAt })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(id)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${PREVIEW_TTL_SECONDS}s`)
    .sign(await key(c.env.SESSION_SECRET));
  setCookie(c, cookieName(id), token, { httpOnly: true, secure: true, sameSite: "Lax", path: "/", maxAge: PREVIEW_TTL_SECONDS });
}

/** The record behind a still-valid unlock cookie, or null. Revocation, expiry and rotation apply at once. */
export async function unlockedRecord(c: Context<AppEnv>, id: string): Promise<PreviewRecord | null> {
  const token = getCookie(c, cookieName(id));
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, await key(c.env.SESSION_SECRET), { audience: AUDIENCE, subject: id, algorithms: ["HS256"] });
    const record = await readCurrentPreview({ kv: c.env.PREVIEWS, db: c.get("db") }, id);
    return isOpen(record) && payload.v === record.updatedAt ? record : null;
  } catch {
    return null;
  }
}

/** The words a client reads when the card they opened is not linked to a client yet. */
export const FEEDBACK_NOT_OPEN = "Feedback is not open for this preview yet";

/**
 * The client behind a still-valid unlock cookie for this card: what feedback and approvals act
 * for. Anything else (no cookie, another card's, a revoked or rotated code) is the same 401, as
 * it is for viewing. Only a visitor who did unlock the card learns that it is not linked to a
 * client yet (409): asking them for their code again would not help.
 */
export async function unlockedContext(c: Context<AppEnv>, id: string): Promise<PreviewContext> {
  const record = await unlockedRecord(c, id);
  if (!record) throw new AppError("unauthenticated", "Enter your access code to open this preview first.");
  const client = await clientOfPreview(c.get("db"), id);
  if (!client) throw new AppError("conflict", FEEDBACK_NOT_OPEN);
  return { previewId: id, client, previewUrl: record.previewUrl };
}
