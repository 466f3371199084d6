/**
 * The preview cards' ids: plain values, apart from preview.ts and its zod schemas, so a client's
 * page in the CRM can list them without zod (docs/decisions/0026-crm-first-render.md). preview.ts re-exports
 * them.
 */
/**
 * The eight public preview cards' ids: the only ids a client can be linked to, and the only
 * ones whose unlock attempts are logged. web/src/content/client-previews.ts renders the cards
 * (name, project title) for these ids.
 */
export const previewIds = [
  "vm-fitness",
  "jemrex",
  "galvin-locksmiths",
  "albbrit-interiors",
  "ancoats-coffee-co",
  "chorlton-bakehouse",
  "stockport-bike-works",
  "salford-quays-physio",
] as const;
export type PreviewId = (typeof previewIds)[number];
export const isPreviewId = (id: string): id is PreviewId => (previewIds as readonly string[]).includes(id);
