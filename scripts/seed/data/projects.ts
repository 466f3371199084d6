/** The studio's projects: every stage and every status. */
import type { ProjectStage, ProjectStatus, projectTypes } from "../../../contract/project-values";

export interface ProjectSeed {
  /** How the invoices, tasks and activities below name it. */
  key: string;
  title: string;
  type: (typeof projectTypes)[number];
  /** A client's key (CLIENTS), or null. */
  client: string | null;
  stage: ProjectStage;
  status: ProjectStatus;
  budget: number;
  /** Started this many days ago. */
  startDays: number;
  /** Due in this many days (negative: in the past), or no due date. */
  dueDays: number | null;
  /** The curated lead (index in LEADS) it was won from. */
  lead: number | null;
  notes: string | null;
}

export const PROJECTS: ProjectSeed[] = [
  {
    key: "vm-site",
    title: "VM Fitness Website Rebuild",
    type: "Web Design",
    client: "vm-fitness",
    // In Review, with the client's feedback on its preview (PREVIEW_FEEDBACK): a new user sees that loop at once.
    stage: "Review",
    status: "On Track",
    budget: 6500,
    startDays: 60,
    dueDays: 14,
    lead: null,
    notes: "Class timetable pulls from their booking software.",
  },
  {
    key: "vm-app",
    title: "VM Fitness Membership App",
    type: "Mobile App",
    client: "vm-fitness",
    stage: "Discovery",
    status: "On Track",
    budget: 12000,
    startDays: 5,
    dueDays: 90,
    lead: null,
    notes: "Scoping a members' app: check-ins and class bookings.",
  },
  {
    key: "jemrex-brand",
    title: "Jemrex Brand Refresh",
    type: "Branding",
    client: "jemrex",
    stage: "Design",
    status: "At Risk",
    budget: 3200,
    startDays: 35,
    dueDays: 3,
    lead: null,
    notes: "Waiting on feedback for the second logo round.",
  },
  {
    key: "jemrex-seo",
    title: "Jemrex SEO Retainer",
    type: "SEO",
    client: "jemrex",
    stage: "Review",
    status: "On Track",
    budget: 900,
    startDays: 20,
    dueDays: 10,
    lead: null,
    notes: "Monthly local SEO report due for review.",
  },
  {
    key: "galvin-site",
    title: "Galvin Locksmiths Website",
    type: "Web Design",
    client: "galvin",
    stage: "Done",
    status: "Completed",
    budget: 2950,
    startDays: 100,
    dueDays: -60,
    lead: null,
    notes: "Launched; click-to-call tracking in place.",
  },
  {
    key: "galvin-seo",
    title: "Galvin Locksmiths Local SEO",
    type: "SEO",
    client: "galvin",
    stage: "Launch",
    status: "On Track",
    budget: 1800,
    startDays: 30,
    dueDays: 5,
    lead: null,
    notes: "Google Business Profile and location pages.",
  },
  {
    key: "albbrit-shop",
    title: "Albbrit Interiors Online Shop",
    type: "E-commerce",
    client: "albbrit",
    stage: "Review",
    status: "Blocked",
    budget: 8400,
    startDays: 70,
    dueDays: -2,
    lead: null,
    notes: "Blocked: product photography not delivered yet.",
  },
  {
    key: "albbrit-brand",
    title: "Albbrit Interiors Brand Guidelines",
    type: "Branding",
    client: "albbrit",
    stage: "Done",
    status: "Completed",
    budget: 1500,
    startDays: 105,
    dueDays: -75,
    lead: null,
    notes: null,
  },
  {
    key: "brierley",
    title: "Brierley Brewing Co. Project",
    type: "Web Design",
    client: "brierley",
    stage: "Discovery",
    status: "On Track",
    budget: 7800,
    startDays: 4,
    dueDays: 45,
    lead: 31,
    notes: "Won from the pipeline. Online beer shop with age check.",
  },
  {
    key: "lowe",
    title: "Lowe & Co Solicitors Website",
    type: "Web Design",
    client: "lowe",
    stage: "Design",
    status: "On Track",
    budget: 5400,
    startDays: 12,
    dueDays: 30,
    lead: 32,
    notes: "Practice area pages and SRA badge.",
  },
  {
    key: "greenhalgh",
    title: "Greenhalgh Landscapes Project",
    type: "Web Design",
    client: "greenhalgh",
    stage: "Build",
    status: "At Risk",
    budget: 4200,
    startDays: 28,
    dueDays: 6,
    lead: 19,
    notes: "Gallery needs 40 before-and-after pairs.",
  },
  {
    key: "holt",
    title: "Holt Wedding Photography Portfolio",
    type: "Web Design",
    client: "holt",
    stage: "Done",
    status: "Completed",
    budget: 3600,
    startDays: 90,
    dueDays: -40,
    lead: 30,
    notes: "Client galleries behind a password.",
  },
  {
    key: "mckenna",
    title: "McKenna Motors Project",
    type: "Web Design",
    client: null,
    stage: "Discovery",
    status: "Blocked",
    budget: 5200,
    startDays: 2,
    dueDays: null,
    lead: 15,
    notes: "Moved to Won on the board; waiting for stock feed access.",
  },
];
