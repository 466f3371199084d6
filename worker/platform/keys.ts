/**
 * One secret, SESSION_SECRET, and a separate key for each use of it, derived with HKDF-SHA256,
 * so a key that leaks from one use (say the keyed IP hashes) says nothing about the others.
 * Outside local development the worker refuses the demo secret of .dev.vars.example.
 */
import { AppError } from "./errors";

export type KeyPurpose = "session" | "preview-cookie" | "visitor-hash" | "device-cookie" | "link-token";

const utf8 = new TextEncoder();
const cache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The demo value of .dev.vars.example: anyone can read it, so it signs nothing in production. */
export const DEMO_SESSION_SECRET = "local-dev-session-secret-change-me-0123456789abcdef";

async function derive(secret: string, purpose: KeyPurpose): Promise<Uint8Array<ArrayBuffer>> {
  const base = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: utf8.encode("redbrick-studio"), info: utf8.encode(purpose) },
    base,
    256,
  );
  return new Uint8Array(bits);
}

/** The 256-bit key for one purpose. */
export function keyFor(secret: string, purpose: KeyPurpose): Promise<Uint8Array<ArrayBuffer>> {
  if (!secret || secret.length < 32) throw new Error("SESSION_SECRET must be set to at least 32 characters");
  const id = `${purpose}\u0000${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = derive(secret, purpose);
    cache.set(id, key);
  }
  return key;
}

const signingKeys = new Map<string, Promise<CryptoKey>>();

/**
 * The same key as an HMAC-SHA-256 CryptoKey, for signing and checking JWTs (HS256). Handing jose
 * the raw bytes makes it import them again on every call, once per signed-in request.
 */
export function signingKeyFor(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = signingKeys.get(id);
  if (!key) {
    key = keyFor(secret, purpose).then((raw) =>
      crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
    );
    signingKeys.set(id, key);
  }
  return key;
}

/** This machine: where demo secrets and local stand-ins are accepted. */
export const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Throws unless the secret is fit for where the request arrived: the demo secret only on this machine. */
export function assertSecretFitFor(secret: string, url: string): void {
  if (secret === DEMO_SESSION_SECRET && !LOCAL_HOSTS.has(new URL(url).hostname))
    throw new AppError("internal", "This server is misconfigured: set SESSION_SECRET with `wrangler secret put`.");
}
