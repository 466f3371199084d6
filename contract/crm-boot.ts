/**
 * The CRM's first data, inlined by the worker into the shell it serves for /crm and /crm/*
 * (docs/decisions/0010-crm-first-data-inline.md): who is signed in, and the answers of the API
 * calls the requested page makes on its first render, each under the TanStack Query key the web
 * side caches it under. The web side seeds its query cache from it before its first render, so
 * the page shows its data at once instead of asking for it once its code has run.
 *
 * The keys here must be the ones the features' query options use (web/src/features/x/api), and
 * each query's cached data must be the API's answer as it is (a transformation belongs in the
 * options' `select`): the e2e tests check that /crm and /crm/leads make none of these requests.
 */
import { activityTypes } from "./activity";
import { leadSorts, leadStatuses } from "./lead";
import type { SessionUser } from "./user";

/** The id of the `<script type="application/json">` element that carries a CrmBoot. */
export const CRM_BOOT_ELEMENT_ID = "crm-boot";

export interface CrmBootQuery {
  key: readonly unknown[];
  /** The API path and query string the page's query function calls. */
  url: string;
  /** An infinite query: the answer is its first page, fetched with this page parameter (null: no cursor yet). */
  firstPageParam?: number | null;
  /** Less than the page's own query asks for (the board's first screen): refetched whether or not it changed. */
  partial?: true;
}

export interface CrmBootData {
  key: readonly unknown[];
  data: unknown;
  firstPageParam?: number | null;
  partial?: true;
}

export interface CrmBoot {
  /** null: no valid session, and the gate shows without asking. */
  user: SessionUser | null;
  queries: CrmBootData[];
  /**
   * When the worker began reading `queries` (epoch ms): the live socket asks the hub what changed
   * since, so the tab refreshes only what a change made meanwhile touched. Absent with no session.
   */
  read_at?: number;
}

/** What every signed-in page shows: the sidebar's open-task dot and open-comment badge. */
const LAYOUT: CrmBootQuery[] = [
  { key: ["tasks", "open-count"], url: "/api/crm/tasks/open-count" },
  { key: ["preview_feedback", "open-count"], url: "/api/crm/preview-comments/open-count" },
];

const USER_NAMES: CrmBootQuery = { key: ["users", "names"], url: "/api/crm/users" };
const USER_LIST: CrmBootQuery = { key: ["users", "list"], url: "/api/crm/users" };
/**
 * The board comes with a first screen's cards a column, not the 50 its own query asks for
 * (BOARD_PER_COLUMN in web/src/features/leads/api/leads.ts): enough for any screen up to about
 * 1,900 px tall, where the first render draws at most 20 (pipeline-board.tsx, firstScreen). So it
 * is `partial`: the live socket refreshes it when it first opens (web/src/lib/crm-boot.ts), which
 * brings the rest; until then a column's 'Show more' fetches from its 21st card. The other 30 cards a column
 * cost the shell about 110 KB of its 190 KB and the worker 12 ms, which a phone pays before it
 * draws anything.
 */
export const BOARD_FIRST_SCREEN = 20;
/** Must match LIST_PAGE in web/src/features/leads/api/leads.ts. */
const LEADS_PAGE = 100;

function leadsPage(search: URLSearchParams): CrmBootQuery[] {
  // As web/src/app/crm/leads.tsx reads them; an unknown status is the API's 400, not ours to inline.
  const q = search.get("q") || undefined;
  const statusParam = search.get("status") ?? "";
  const status = (leadStatuses as readonly string[]).includes(statusParam) ? statusParam : undefined;
  const followUp = search.get("follow_up") === "due" ? "due" : undefined;
  const sortParam = search.get("sort") ?? "";
  const sort = (leadSorts as readonly string[]).includes(sortParam) ? sortParam : undefined;
  const query = new URLSearchParams({ limit: String(LEADS_PAGE), offset: "0" });
  if (q) query.set("q", q);
  if (status) query.set("status", status);
  if (followUp) query.set("follow_up", followUp);
  if (sort) query.set("sort", sort);
  // JSON drops undefined members, so this key hashes like the page's own `{ q, status, follow_up, sort }`.
  const filters: Record<string, string> = {};
  if (q) filters.q = q;
  if (status) filters.status = status;
  if (followUp) filters.follow_up = followUp;
  if (sort) filters.sort = sort;
  return [
    { key: ["leads", "list", filters], url: `/api/crm/leads?${query}`, firstPageParam: 0 },
    USER_NAMES,
    { key: ["leads", "failed-notifications"], url: "/api/crm/form-submissions/failed" },
  ];
}

function activityPage(search: URLSearchParams): CrmBootQuery[] {
  // As web/src/app/crm/activity.tsx reads them: an unknown type is ignored there, so it is here.
  const typeParam = search.get("type") ?? "";
  const type = (activityTypes as readonly string[]).includes(typeParam) ? typeParam : undefined;
  const who = search.get("who") || undefined;
  const filters: Record<string, string> = {};
  if (type) filters.type = type;
  if (who) filters.who = who;
  const query = new URLSearchParams(filters);
  return [
    { key: ["activities", "list", filters], url: `/api/crm/activities${query.size ? `?${query}` : ""}`, firstPageParam: null },
    USER_LIST,
  ];
}

/** The queries of the page at `pathname` (/crm or below), the layout's included; [] for any other path. */
export function crmBootQueries(pathname: string, search: URLSearchParams): CrmBootQuery[] {
  const path = pathname.replace(/\/+$/, "") || "/";
  const page = ((): CrmBootQuery[] | undefined => {
    switch (path) {
      case "/crm":
        // The staff names too: a lead's detail dialog shows them the moment it opens.
        return [{ key: ["leads", "board"], url: `/api/crm/leads/board?per_column=${BOARD_FIRST_SCREEN}`, partial: true }, USER_NAMES];
      case "/crm/dashboard":
        return [{ key: ["dashboard"], url: "/api/crm/dashboard" }];
      case "/crm/leads":
        return leadsPage(search);
      case "/crm/clients":
        return [{ key: ["clients", "list"], url: "/api/crm/clients" }];
      case "/crm/projects":
        return [{ key: ["projects", "board"], url: "/api/crm/projects" }];
      case "/crm/proposals":
        return [{ key: ["proposals", "list"], url: "/api/crm/proposals" }];
      case "/crm/invoices":
        return [{ key: ["invoices", "list"], url: "/api/crm/invoices" }];
      case "/crm/tasks":
        return [{ key: ["tasks", "list"], url: "/api/crm/tasks" }, USER_LIST];
      case "/crm/calls":
        return [
          { key: ["calls", "list", "upcoming"], url: "/api/crm/calls?when=upcoming" },
          { key: ["calls", "list", "past"], url: "/api/crm/calls?when=past" },
        ];
      case "/crm/activity":
        return activityPage(search);
      case "/crm/mail":
        return [{ key: ["mail", "unfiled"], url: "/api/crm/mail/unfiled" }];
      case "/crm/settings":
        // Owner-only answers (invitations, backups) are refused for Sales and so left out.
        return [
          USER_LIST,
          { key: ["settings", "studio"], url: "/api/crm/settings" },
          { key: ["settings", "stage-weights"], url: "/api/crm/settings/stage-weights" },
          { key: ["settings", "xero"], url: "/api/crm/settings/xero" },
          { key: ["settings", "late-payment"], url: "/api/crm/settings/late-payment" },
          { key: ["settings", "reminders"], url: "/api/crm/settings/reminders" },
          { key: ["settings", "payments"], url: "/api/crm/settings/payments" },
          { key: ["settings", "bookings"], url: "/api/crm/settings/bookings" },
          { key: ["settings", "backups"], url: "/api/crm/backups" },
          { key: ["users", "invites"], url: "/api/crm/users/invites" },
          // The daily digest switch, and the Owner's refused digests and refused mail: panels of the
          // first screen that otherwise asked once the page had rendered.
          { key: ["digests", "preference"], url: "/api/crm/digests/preference" },
          { key: ["digests", "failed"], url: "/api/crm/digests/failed" },
          { key: ["mail", "refusals"], url: "/api/crm/mail/refusals" },
          // The signed-in user's calendar feed, and the Owner's audit trail (its first page, no cursor yet).
          { key: ["calendar-feed"], url: "/api/crm/calendar-feed" },
          { key: ["users", "audit", "list"], url: "/api/crm/audit", firstPageParam: null },
        ];
      default:
        return path.startsWith("/crm/") ? [] : undefined;
    }
  })();
  return page ? [...LAYOUT, ...page] : [];
}
