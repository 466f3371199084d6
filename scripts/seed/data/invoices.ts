/** The studio's invoices: every status, numbered INV-{yyyy}{mm}-{3 digits}. */
import type { InvoiceStatus } from "../../../contract/invoice";

export interface InvoiceSeed {
  /** A client's key (CLIENTS). */
  client: string;
  /** A project's key (PROJECTS), or null. */
  project: string | null;
  lines: { description: string; quantity: number; unit_price: number }[];
  /** Dated this many days ago, due 14 days after. */
  dateDays: number;
  status: InvoiceStatus;
}

const line = (description: string, quantity: number, unit_price: number) => ({ description, quantity, unit_price });

export const INVOICES: InvoiceSeed[] = [
  {
    client: "galvin",
    project: "galvin-site",
    lines: [line("Website design and build: deposit (50%)", 1, 1475)],
    dateDays: 100,
    status: "Paid",
  },
  {
    client: "galvin",
    project: "galvin-site",
    lines: [line("Website design and build: balance (50%)", 1, 1475)],
    dateDays: 62,
    status: "Paid",
  },
  {
    client: "albbrit",
    project: "albbrit-brand",
    lines: [line("Brand identity: logo, palette and type", 1, 1200), line("Brand guidelines document", 1, 300)],
    dateDays: 80,
    status: "Paid",
  },
  {
    client: "albbrit",
    project: "albbrit-shop",
    lines: [line("Shop design", 1, 2400), line("Product page templates", 3, 400), line("Payments and shipping set-up", 1, 600)],
    dateDays: 50,
    status: "Overdue",
  },
  {
    client: "vm-fitness",
    project: "vm-site",
    lines: [line("Website design, per page", 6, 375), line("Class booking integration", 1, 1000)],
    dateDays: 45,
    status: "Paid",
  },
  {
    client: "jemrex",
    project: "jemrex-brand",
    lines: [line("Logo and brand mark", 1, 950), line("Business card and letterhead design", 1, 650)],
    dateDays: 34,
    status: "Overdue",
  },
  {
    client: "holt",
    project: "holt",
    lines: [line("Wedding venue website", 1, 3000), line("Copywriting, per page", 4, 150)],
    dateDays: 41,
    status: "Paid",
  },
  {
    client: "brierley",
    project: "brierley",
    lines: [line("Website redesign", 1, 3200), line("SEO set-up and Google Business Profile", 1, 700)],
    dateDays: 3,
    status: "Sent",
  },
  { client: "jemrex", project: "jemrex-seo", lines: [line("Local SEO retainer, per month", 3, 300)], dateDays: 1, status: "Sent" },
  { client: "lowe", project: "lowe", lines: [line("Website build: first instalment", 1, 2700)], dateDays: 0, status: "Draft" },
  {
    client: "vm-fitness",
    project: null,
    lines: [line("Hosting and care plan (12 months)", 1, 360), line("Extra page edits", 1, 90.5)],
    dateDays: 0,
    status: "Draft",
  },
  // Past its due date but still Sent: the hourly cron marks it Overdue.
  { client: "holt", project: "holt", lines: [line("Venue photography licence", 1, 240)], dateDays: 21, status: "Sent" },
];
