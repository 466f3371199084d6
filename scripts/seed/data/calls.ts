/**
 * Calls the demo's curated leads booked on /book that have already happened: two still waiting to
 * be marked (Calls → Past offers Mark as held and No-show on them), one held and one missed.
 */
import type { CallMethod, CallStatus } from "../../../contract/call-values";

export interface CallSeed {
  /** The curated lead (LEADS) who booked it. */
  lead: number;
  daysAgo: number;
  /** London time. */
  time: string;
  method: CallMethod;
  status: CallStatus;
  topic: string;
  heardFrom: string | null;
}

export const CALLS: CallSeed[] = [
  {
    lead: 0,
    daysAgo: 1,
    time: "10:00",
    method: "video",
    status: "confirmed",
    topic: "A wholesale ordering page for the cafés we supply, and whether a coffee subscription fits on the same site.",
    heardFrom: "A friend at Pollen Bakery",
  },
  {
    lead: 3,
    daysAgo: 2,
    time: "14:30",
    method: "phone",
    status: "confirmed",
    topic: "Leaving Shopify: every piece is one of a kind, and the shop should sell from our Instagram too.",
    heardFrom: "Google",
  },
  {
    lead: 6,
    daysAgo: 8,
    time: "11:00",
    method: "video",
    status: "held",
    topic: "Same-day delivery, with a postcode check before anyone fills a basket.",
    heardFrom: "Instagram",
  },
  {
    lead: 7,
    daysAgo: 5,
    time: "15:00",
    method: "video",
    status: "no_show",
    topic: "Our WordPress site is slow on phones and brings in few local jobs.",
    heardFrom: null,
  },
];
