/**
 * Retainers (docs/decisions/0067): VM Fitness pays a monthly care plan on the last day of the
 * month and Jemrex a quarterly hosting fee, each next raised on its first date after today (never
 * today: a freshly seeded CRM raises nothing at once), so the client pages show them and the
 * hourly job raises them when their day comes.
 */
import { firstPeriodFrom, nextDay, type RecurringDay, type RecurringInterval } from "../../contract/recurring-invoice-values";
import { stamps, type SeedContext } from "./context";

const PLANS: {
  client: string;
  title: string;
  description: string;
  price: number;
  interval: RecurringInterval;
  day: RecurringDay;
  months: number;
}[] = [
  {
    client: "vm-fitness",
    title: "Care plan",
    description: "Hosting, updates and backups",
    price: 95,
    interval: "monthly",
    day: "last",
    months: -5,
  },
  {
    client: "jemrex",
    title: "Hosting",
    description: "Managed hosting, three months",
    price: 180,
    interval: "quarterly",
    day: 1,
    months: -8,
  },
];

export function seedRetainers(ctx: SeedContext): void {
  const { clock, rows, clientIds } = ctx;
  const today = clock.date(0);
  for (const plan of PLANS) {
    const clientId = clientIds[plan.client];
    if (!clientId) continue;
    const start = clock.date(plan.months * 30);
    rows.recurring_invoices.push({
      id: `${clientId}-${plan.interval}-retainer`,
      client_id: clientId,
      project_id: null,
      title: plan.title,
      lines: [{ description: plan.description, quantity: 1, unit_price: plan.price }],
      total: plan.price,
      interval: plan.interval,
      // Stored as 0 for the month's last day (modules/retainers/tables.ts).
      day: plan.day === "last" ? 0 : plan.day,
      start_date: start,
      end_date: null,
      terms_days: null,
      next_date: firstPeriodFrom(start, plan.interval, plan.day, nextDay(today)),
      paused: false,
      ...stamps(ctx, `${start}T09:00:00.000Z`),
    });
  }
}
