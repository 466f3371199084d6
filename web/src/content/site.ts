/**
 * Who the studio is and the marketing claims that go stale. Claims live here, not in pages,
 * so updating "3 spots left" is a one-line change.
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

export const claims = {
  spotsBadge: "3 spots left for Q2",
  trustedBy: "50+ businesses trust us",
  deliveryDays: 5,
  callMinutes: 30,
  replyWithin: "24 hours",
} as const;
