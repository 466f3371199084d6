/** What we keep about a visitor: never the raw IP, only a keyed hash of it. */
import { sha256Hex } from "./ids";

export async function ipHash(ip: string, secret: string): Promise<string> {
  return (await sha256Hex(`${secret}:${ip}`)).slice(0, 32);
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
