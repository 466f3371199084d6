/**
 * The campaign parameters kept with an enquiry. An allow-list, not any `utm_*` key: a record of
 * any size would let one anonymous post write a lead note too big to import again (docs/guide/security.md).
 * No zod here: the public forms read this list before their validation code has loaded.
 */
export const utmKeys = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_id",
  "gclid",
  "fbclid",
  "msclkid",
  "ref",
] as const;
export type UtmKey = (typeof utmKeys)[number];
export const UTM_VALUE_MAX = 200;
