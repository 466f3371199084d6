/**
 * Where each public form posts, as JSON from React or as a plain HTML form; a browser posting
 * natively is sent back to the form's page at `#${FORM_SENT_ID}`, its success message. Apart
 * from the schemas (and zod) so a page can name its form's action without downloading them.
 */
export const formActions = { contact: "/api/contact", redesign: "/api/redesign", valuation: "/api/valuation" } as const;
export const FORM_SENT_ID = "sent";
