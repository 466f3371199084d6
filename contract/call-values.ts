/**
 * A call booked on the studio's site: its plain values, apart from the booking schemas, so a CRM
 * page's first load can use them without zod.
 */

/** Where a call stands: booked, called off by either side, or over (it happened, or the visitor did not come). */
export const callStatuses = ["confirmed", "cancelled", "held", "no_show"] as const;
export type CallStatus = (typeof callStatuses)[number];

/** How the call happens: on the host's meeting link, or the host phones the visitor. */
export const callMethods = ["video", "phone"] as const;
export type CallMethod = (typeof callMethods)[number];
