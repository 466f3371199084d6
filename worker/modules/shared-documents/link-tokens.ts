/**
 * A client link's token, derived rather than drawn: HMAC-SHA256 of the link's own random id under a
 * key of its own from SESSION_SECRET (platform/keys.ts). The database still keeps only the token's
 * SHA-256, so a copy of the database alone opens nothing and rebuilds nothing; the worker, holding
 * the secret, can rebuild a live link's URL to put in a later e-mail (the studio's answer to a
 * question). A link made before tokens were derived, or under another secret, does not match its
 * stored hash, and the caller says so in words instead (docs/decisions/0027).
 */
import { keyFor } from "../../platform/keys";
import { sha256Hex } from "../../platform/ids";

const hmacKeys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = keyFor(secret, "link-token").then((raw) =>
      crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
    );
    hmacKeys.set(secret, key);
  }
  return key;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** The token of link `linkId` of kind `kind` ("proposal"): 256 bits, base64url, and its SHA-256 to store. */
export async function derivedLinkToken(secret: string, kind: string, linkId: string): Promise<{ token: string; hash: string }> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), new TextEncoder().encode(`${kind}\u0000${linkId}`));
  const token = base64url(new Uint8Array(mac));
  return { token, hash: await sha256Hex(token) };
}

/** The token of a stored link, rebuilt, or null when the link's stored hash is not of a derived token (an older link). */
export async function rebuiltLinkToken(secret: string, kind: string, link: { id: string; token_hash: string }): Promise<string | null> {
  const { token, hash } = await derivedLinkToken(secret, kind, link.id);
  return hash === link.token_hash ? token : null;
}
