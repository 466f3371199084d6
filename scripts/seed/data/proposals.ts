/** The studio's proposals: every status, some for leads and some for clients. */
import type { ProposalStatus } from "../../../contract/proposal";
import type { PaymentSchedule } from "../../../contract/payment-schedule";
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
  /** How it is to be paid, when not the studio's default (50% on acceptance, 50% on launch approval). */
  schedule?: PaymentSchedule;
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
    // A fixed deposit and the rest at launch: pounds, which add up to its £6,200.
    schedule: [
      { label: "Deposit", share_kind: "amount", share: 1000, due: "on_acceptance", due_date: null },
      { label: "Balance", share_kind: "amount", share: 5200, due: "on_launch_approval", due_date: null },
    ],
  },
  {
    title: "Proposal for Fatima Khan",
    status: "Draft",
    value: 9500,
    for: { lead: 8 },
    sentDays: null,
    notes: "Portal scope still being confirmed.",
  },
  {
    title: "Trade Catalogue Build",
    status: "Draft",
    value: 11000,
    for: { lead: 13 },
    sentDays: null,
    notes: null,
    // A bigger build in three parts, the last when the catalogue is finished.
    schedule: [
      { label: "Deposit", share_kind: "percent", share: 30, due: "on_acceptance", due_date: null },
      { label: "Launch", share_kind: "percent", share: 40, due: "on_launch_approval", due_date: null },
      { label: "Balance", share_kind: "percent", share: 30, due: "on_completion", due_date: null },
    ],
  },
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
