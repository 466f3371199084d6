/**
 * The preview page served unlocked (worker/modules/previews/unlocked-page.ts writes it, the page's island
 * reads it: web/src/app/previews/unlocked-state.ts). Apart from contract/preview.ts so the
 * island can name it without downloading zod.
 */
export const UNLOCKED_STATE_ID = "preview-unlocked";
