/**
 * Who the studio is and the marketing claims that go stale. Claims live here, not in pages,
 * so updating the spots left is a one-line change (the quarter follows the build date).
 */
export const site = {
  name: "Redbrick Studio",
  /** Canonical origin for canonical URLs, Open Graph and the sitemap. */
  origin: "https://redbrickstudio.co.uk",
  tagline: "Clean, conversion-focused websites for Manchester businesses, delivered in as little as 5 days.",
  shortTagline: "Websites that work as hard as you do.",
  city: "Manchester",
  region: "Greater Manchester",
  country: "United Kingdom",
  countryCode: "GB",
} as const;

/** Project slots still open for the next quarter: the one number to change. */
export const SPOTS_LEFT = 3;

/** "3 spots left for Q1" when built in November: the next calendar quarter after `built`. */
export function spotsBadgeFor(built: Date, spots = SPOTS_LEFT): string {
  const next = (Math.floor(built.getUTCMonth() / 3) + 1) % 4;
  return `${spots} spots left for Q${next + 1}`;
}

/** When the pages were built (vite's define); tests and tools without it read today. */
const builtOn = typeof __BUILD_DATE__ === "string" ? new Date(__BUILD_DATE__) : new Date();

export const claims = {
  spotsBadge: spotsBadgeFor(builtOn),
  trustedBy: "50+ businesses trust us",
  deliveryDays: 5,
  callMinutes: 30,
  replyWithin: "24 hours",
} as const;
