/** The studio's proposals: every status, some for leads and some for clients. */
import type { ProposalStatus } from "../../../contract/proposal";
import type { SeedRef } from "./refs";

export interface ProposalSeed {
  title: string;
  status: ProposalStatus;
  /** One line of this value, or no lines. */
  value: number | null;
  /** Whom it is for: a curated lead or a client. */
  for: Extract<SeedRef, { lead: number } | { client: string }>;
  /** Sent this many days ago (due 14 days after), or not sent. */
  sentDays: number | null;
  notes: string | null;
}

export const PROPOSALS: ProposalSeed[] = [
  {
    title: "Proposal for Sophie Turner",
    status: "Sent",
    value: 4800,
    for: { lead: 2 },
    sentDays: 6,
    notes: "Timetable, booking and members' area in two phases.",
  },
  {
    title: "Website & Booking System",
    status: "Sent",
    value: 6200,
    for: { lead: 4 },
    sentDays: 9,
    notes: "Includes catering enquiry workflow.",
  },
  {
    title: "Proposal for Fatima Khan",
    status: "Draft",
    value: 9500,
    for: { lead: 8 },
    sentDays: null,
    notes: "Portal scope still being confirmed.",
  },
  { title: "Trade Catalogue Build", status: "Draft", value: 11000, for: { lead: 13 }, sentDays: null, notes: null },
  {
    title: "Proposal for Chloe Fairbrother",
    status: "Rejected",
    value: 7400,
    for: { lead: 12 },
    sentDays: 45,
    notes: "Went with a Shopify theme instead.",
  },
  {
    title: "Salon Website and Booking",
    status: "Rejected",
    value: 3900,
    for: { lead: 20 },
    sentDays: 38,
    notes: "Budget moved to a refit.",
  },
  {
    title: "Brierley Brewing Co. Website",
    status: "Accepted",
    value: 7800,
    for: { client: "brierley" },
    sentDays: 20,
    notes: "Signed; 50% deposit paid.",
  },
  { title: "VM Fitness Membership App", status: "Accepted", value: 12000, for: { client: "vm-fitness" }, sentDays: 12, notes: null },
  {
    title: "Jemrex SEO Retainer",
    status: "Sent",
    value: 900,
    for: { client: "jemrex" },
    sentDays: 3,
    notes: "Monthly, rolling, 14 days' notice.",
  },
  {
    title: "Albbrit Interiors Photography Shoot",
    status: "Draft",
    value: 1200,
    for: { client: "albbrit" },
    sentDays: null,
    notes: "Product photography to unblock the shop.",
  },
];
