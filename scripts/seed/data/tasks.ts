/** The studio's tasks: some overdue, some done. */
import type { TaskPriority } from "../../../contract/task";
import { LEADS } from "./leads";
import type { SeedRef } from "./refs";

export interface TaskSeed {
  title: string;
  priority: TaskPriority;
  /** Due in this many days (negative: overdue), or no due date. */
  dueDays: number | null;
  completed: boolean;
  assignee: "owner" | "sales";
  related: SeedRef | null;
  notes: string | null;
  /** A time on the due day (London) and its length: the Owner, who hosts the demo's calls, is busy then. */
  at?: { time: string; minutes: number };
}

export const TASKS: TaskSeed[] = [
  {
    title: `Follow up on lead: ${LEADS[1].name}`,
    priority: "High",
    dueDays: -3,
    completed: false,
    assignee: "sales",
    related: { lead: 1 },
    notes: "Asked for examples of emergency trade sites.",
  },
  {
    title: "Chase overdue invoice from Albbrit Interiors",
    priority: "High",
    dueDays: -5,
    completed: false,
    assignee: "owner",
    related: { client: "albbrit" },
    notes: "Second reminder; call Britt if no reply.",
  },
  {
    title: "Send logo round two to Jemrex",
    priority: "Med",
    dueDays: -1,
    completed: false,
    assignee: "owner",
    related: { project: "jemrex-brand" },
    notes: null,
  },
  {
    title: `Follow up on lead: ${LEADS[9].name}`,
    priority: "Med",
    dueDays: 0,
    completed: false,
    assignee: "sales",
    related: { lead: 9 },
    notes: null,
  },
  {
    title: "Prepare kick-off deck for Brierley Brewing",
    priority: "High",
    dueDays: 2,
    completed: false,
    assignee: "owner",
    related: { project: "brierley" },
    notes: "Include age-verification options.",
  },
  {
    title: "Kick-off meeting with Brierley Brewing",
    priority: "High",
    dueDays: 3,
    completed: false,
    assignee: "owner",
    related: { project: "brierley" },
    notes: "At the brewery, with the deck.",
    at: { time: "10:00", minutes: 90 },
  },
  {
    title: "Book photographer for Albbrit products",
    priority: "Med",
    dueDays: 4,
    completed: false,
    assignee: "sales",
    related: { project: "albbrit-shop" },
    notes: null,
  },
  {
    title: "Monthly SEO report for Jemrex",
    priority: "Low",
    dueDays: 7,
    completed: false,
    assignee: "sales",
    related: { project: "jemrex-seo" },
    notes: null,
  },
  {
    title: "Draft proposal for Levenshulme Lettings",
    priority: "Med",
    dueDays: 3,
    completed: false,
    assignee: "sales",
    related: { lead: 8 },
    notes: null,
  },
  {
    title: "Review Lowe & Co practice area copy",
    priority: "Low",
    dueDays: 10,
    completed: false,
    assignee: "owner",
    related: { project: "lowe" },
    notes: null,
  },
  {
    title: "Update portfolio with Galvin Locksmiths case study",
    priority: "Low",
    dueDays: null,
    completed: false,
    assignee: "owner",
    related: null,
    notes: "Screenshots are in the shared drive.",
  },
  {
    title: "Launch checklist for Galvin local SEO",
    priority: "High",
    dueDays: -8,
    completed: true,
    assignee: "owner",
    related: { project: "galvin-seo" },
    notes: null,
  },
  {
    title: "Send deposit invoice to Brierley Brewing",
    priority: "High",
    dueDays: -2,
    completed: true,
    assignee: "sales",
    related: { client: "brierley" },
    notes: null,
  },
  {
    title: "Collect gallery images from Amelia Holt",
    priority: "Med",
    dueDays: -30,
    completed: true,
    assignee: "owner",
    related: { project: "holt" },
    notes: null,
  },
  {
    title: `Follow up on lead: ${LEADS[6].name}`,
    priority: "Low",
    dueDays: -12,
    completed: true,
    assignee: "sales",
    related: { lead: 6 },
    notes: "Called; will decide after Mother's Day rush.",
  },
];
