/** The Activity Feed's entries: every type, each by the Owner and the Head of Sales in turn. */
import type { ActivityType } from "../../../contract/activity";
import { LEADS } from "./leads";
import type { SeedRef } from "./refs";

export interface ActivitySeed {
  type: ActivityType;
  summary: string;
  related: SeedRef | null;
  daysAgo: number;
}

export const ACTIVITIES: ActivitySeed[] = [
  { type: "Call", summary: `Discovery call with ${LEADS[2].name} (${LEADS[2].company})`, related: { lead: 2 }, daysAgo: 12 },
  { type: "Email", summary: "Sent proposal to Rusholme Spice Kitchen", related: { lead: 4 }, daysAgo: 9 },
  { type: "Meeting", summary: "Kick-off with Brierley Brewing Co. at the taproom", related: { client: "brierley" }, daysAgo: 3 },
  { type: "Note", summary: "VM Fitness want the app to reuse their class software's API", related: { client: "vm-fitness" }, daysAgo: 6 },
  { type: "StatusChange", summary: `${LEADS[31].name} moved to Won`, related: { lead: 31 }, daysAgo: 21 },
  { type: "StatusChange", summary: `${LEADS[20].name} moved to Lost`, related: { lead: 20 }, daysAgo: 37 },
  // About an invoice, but linked to none: it shows in the feed without a link.
  { type: "Email", summary: "Invoice reminder sent to Albbrit Interiors", related: null, daysAgo: 5 },
  { type: "Call", summary: "Galvin Locksmiths: reviewed call tracking numbers", related: { project: "galvin-seo" }, daysAgo: 8 },
  { type: "Meeting", summary: "Design review for Lowe & Co Solicitors", related: { project: "lowe" }, daysAgo: 2 },
  { type: "Note", summary: "Jemrex prefer the darker logo option", related: { project: "jemrex-brand" }, daysAgo: 4 },
  { type: "Call", summary: `Intro call with ${LEADS[0].name} (${LEADS[0].company})`, related: { lead: 0 }, daysAgo: 1 },
  { type: "Email", summary: "Sent project questionnaire to Sale Moor Physiotherapy", related: { lead: 10 }, daysAgo: 14 },
  { type: "StatusChange", summary: "Albbrit Interiors Online Shop marked Blocked", related: { project: "albbrit-shop" }, daysAgo: 10 },
  { type: "Meeting", summary: "Quarterly pipeline review", related: null, daysAgo: 30 },
  { type: "Note", summary: "Holt Wedding Photography launched; asked for a testimonial", related: { client: "holt" }, daysAgo: 40 },
  { type: "Call", summary: `Negotiated payment schedule with ${LEADS[17].name}`, related: { lead: 17 }, daysAgo: 0 },
];
