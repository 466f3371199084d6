/** What we keep about a visitor: never the raw IP, only a keyed hash of it. */
import { keyFor } from "./keys";

const hmacKeys = new Map<string, Promise<CryptoKey>>();

/** HMAC-SHA256 of `text` under the visitor-hash key (docs/decisions/0003), as 32 hex digits. */
export async function ipHash(ip: string, secret: string): Promise<string> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = keyFor(secret, "visitor-hash").then((raw) =>
      crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
    );
    hmacKeys.set(secret, key);
  }
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await key, new TextEncoder().encode(ip)));
  return Array.from(mac.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The key per-IP limits count a request under: the keyed hash of its address's bucket. */
export const limitKeyOf = (ip: string, secret: string) => ipHash(ipBucket(ip), secret);

/**
 * The network an address belongs to, for limits that must not reach past it: an IPv4 /24, or
 * an IPv6 /48 (a site). An unparsable address is its own network.
 */
export function networkOf(ip: string): string {
  const bucket = ipBucket(ip);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(bucket);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const v6 = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):[0-9a-f]+::\/64$/.exec(bucket);
  if (v6) return `${v6[1]}:${v6[2]}:${v6[3]}::/48`;
  return bucket;
}

/**
 * The unit per-IP limits count: an IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber usually holds a whole /64, so counting single addresses would let them rotate past
 * the limit). Anything unparsable is returned as it came.
 */
export function ipBucket(ip: string): string {
  const addr = ip.trim().split("%")[0].toLowerCase();
  if (!addr.includes(":")) return addr;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(addr);
  if (mapped) return mapped[1];
  const halves = addr.split("::");
  if (halves.length > 2) return addr;
  const groupsOf = (s: string) => (s ? s.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const head = groupsOf(halves[0]);
  const tail = halves.length === 2 ? groupsOf(halves[1]) : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return addr;
  const groups = [...head, ...Array<string>(fill).fill("0"), ...tail];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return addr;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** A coarse browser family for access logs; no version, no fingerprint. */
export function coarseBrowser(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const family = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : ua
            ? "Other"
            : "Unknown";
  const device = /Mobile|Android|iPhone|iPad/.test(ua) ? "mobile" : "desktop";
  return family === "Unknown" ? family : `${family} (${device})`;
}

/**
 * Who sent a public request, as keyed hashes only: `ipKey` is stored with what they sent,
 * `limitKey` counts against per-IP limits, `networkKey` against per-network ones.
 */
export interface Sender {
  ipKey: string;
  limitKey: string;
  networkKey: string;
}

export async function senderOf(ip: string, secret: string): Promise<Sender> {
  return { ipKey: await ipHash(ip, secret), limitKey: await limitKeyOf(ip, secret), networkKey: await ipHash(networkOf(ip), secret) };
}

/** The client's address as Cloudflare saw it; tests and local runs may have none. */
export const clientIp = (c: { req: { header(name: string): string | undefined } }) =>
  // Only Cloudflare's own header: anything else a visitor sends (X-Real-IP, X-Forwarded-For) is theirs to forge.
  c.req.header("cf-connecting-ip") ?? "unknown";
