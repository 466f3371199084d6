/**
 * The CRM dashboard (GET /api/crm/dashboard): the studio's numbers, charts and to-do lists in one
 * answer. Every number is a D1 aggregate (worker/modules/dashboard/dashboard.ts); the page only lays them out.
 * Money is in pounds, dates are London calendar dates (YYYY-MM-DD), months are YYYY-MM.
 */
import * as z from "zod";
import { leadSources, leadStatuses } from "./lead-statuses";
import { taskPriorities } from "./task";
import { stageWeights } from "./settings";
import { callMethods } from "./call-values";

/** Win rate and the like are counted over this many days back from now. */
export const WIN_RATE_DAYS = 90;
/** Proposals sent more than this many days ago, and still Sent, are waiting on an answer. */
export const PROPOSAL_WAIT_DAYS = 7;
/** Months of won revenue the chart shows, the current one included, and months of expected revenue after it. */
export const REVENUE_PAST_MONTHS = 12;
export const REVENUE_FUTURE_MONTHS = 5;
/** Invoices due within this many days from today are the cash expected. */
export const CASH_EXPECTED_DAYS = 30;
/** Items each list shows; its total says how many there are in all. */
export const DASHBOARD_LIST_MAX = 8;

const money = z.number();
const count = z.number().int();

export const dashboardTiles = z.object({
  /** Open leads (openStatuses): their summed value, and that value weighted by stage. */
  pipeline: z.object({ value: money, weighted: money, open: count }),
  /** Leads won in this London month and in the one before it. */
  won_this_month: z.object({ month: z.string(), value: money, count }),
  won_last_month: z.object({ month: z.string(), value: money, count }),
  /**
   * Won ÷ (Won + Lost) among leads closed in the last WIN_RATE_DAYS days; rate is a percentage, null
   * when none closed. Not the pipeline's Conversion Rate (Won ÷ all leads, `conversion` below): the
   * page names what each divides.
   */
  win_rate: z.object({ won: count, closed: count, rate: z.number().nullable(), days: count }),
  /** The median days from a lead's creation to its being won, over every Won lead; null when none. */
  median_days_to_won: z.object({ days: z.number().nullable(), won: count }),
  /** Leads created since Monday (London). */
  new_this_week: z.object({ week_start: z.string(), count }),
});

/**
 * The money itself, from the invoices (contract/invoice-values.ts says what is owed and late): paid
 * in this London month by their paid date; sent and due from today to CASH_EXPECTED_DAYS days on,
 * with the instalments of accepted schedules waiting for a date in those days;
 * overdue; and the median days from an invoice's date to its payment, over every paid invoice.
 */
export const dashboardCash = z.object({
  received_this_month: z.object({ month: z.string(), value: money, count }),
  /** Invoices due (`count`) and instalments waiting with a date in the window (`instalments`), together in `value`. */
  expected: z.object({ days: count, until: z.string(), value: money, count, instalments: count }),
  overdue: z.object({ value: money, count }),
  median_days_to_paid: z.object({ days: z.number().nullable(), paid: count }),
});
export type DashboardCash = z.infer<typeof dashboardCash>;

export const revenueMonth = z.object({
  month: z.string(),
  /** Won in that month. */
  won: money,
  /** Open leads' value weighted by stage, expected in that month (see the service for which date places a lead). */
  expected: money,
});

export const originRow = z.object({ leads: count, won: count, won_value: money });
export const sourceRow = originRow.extend({ source: z.enum(leadSources).nullable() });
export const campaignRow = originRow.extend({ campaign: z.string() });

export const funnelStage = z.object({
  status: z.enum(leadStatuses),
  /** Leads at this stage now. */
  count,
  /**
   * Leads that reached this stage: those Won, and those that got at least this far before where they
   * are now, Lost ones included (leads.furthest_stage), so New is reached by every lead; Won by the
   * leads Won now. Null for Lost, which is off the path.
   */
  reached: count.nullable(),
  /** reached of the next stage ÷ reached of this one, as a percentage; null for the last stage, Lost, or none reached. */
  conversion: z.number().nullable(),
});

const list = <T extends z.ZodType>(item: T) => z.object({ total: count, items: z.array(item) });

export const dashboardLists = z.object({
  /** The signed-in user's open tasks due today or before. */
  my_tasks: list(
    z.object({ id: z.string(), title: z.string(), due_date: z.string(), priority: z.enum(taskPriorities), overdue: z.boolean() }),
  ),
  /** Open leads whose follow-up date is today or past. */
  follow_ups: list(
    z.object({
      id: z.string(),
      name: z.string(),
      company: z.string().nullable(),
      follow_up_date: z.string(),
      status: z.enum(leadStatuses),
    }),
  ),
  /** Invoices Overdue, or Sent and past their due date. */
  overdue_invoices: list(
    z.object({ id: z.string(), number: z.string(), client_name: z.string().nullable(), total: money, due_date: z.string() }),
  ),
  /** Proposals still Sent more than PROPOSAL_WAIT_DAYS days after they were sent. */
  waiting_proposals: list(
    z.object({ id: z.string(), title: z.string(), sent_date: z.string(), value: money.nullable(), for_name: z.string().nullable() }),
  ),
  /** Calls booked on the site from today to six days on (London days), still confirmed, soonest first. */
  calls_this_week: list(
    z.object({
      id: z.string(),
      name: z.string(),
      company: z.string().nullable(),
      start_at: z.string(),
      end_at: z.string(),
      method: z.enum(callMethods),
      host_name: z.string().nullable(),
      lead_id: z.string().nullable(),
    }),
  ),
  /** Clients' preview comments still Open. */
  open_feedback: list(
    z.object({
      id: z.string(),
      client_id: z.string(),
      client_name: z.string(),
      author_name: z.string(),
      excerpt: z.string(),
      created_at: z.string(),
    }),
  ),
});

export const dashboard = z.object({
  /** The London date the numbers are for. */
  today: z.string(),
  weights: stageWeights,
  tiles: dashboardTiles,
  cash: dashboardCash,
  revenue: z.array(revenueMonth),
  sources: z.array(sourceRow),
  campaigns: z.array(campaignRow),
  funnel: z.array(funnelStage),
  /** The pipeline's Conversion Rate, worked out the same way (contract/lead.ts conversionRate): Won ÷ all leads. */
  conversion: z.object({ won: count, leads: count, rate: z.number() }),
  lists: dashboardLists,
});
export type Dashboard = z.infer<typeof dashboard>;
export type DashboardLists = z.infer<typeof dashboardLists>;
