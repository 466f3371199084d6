/**
 * Sequential API latency against the 10,000-lead database. Requests are interleaved (one of each
 * endpoint, then the next round), so health, the baseline of every ratio, sees the same moments
 * of a busy machine as the endpoints compared with it.
 */
import type { Lead } from "../../contract/lead";
import { percentile } from "./stats";

/** The calendar feed's row: the Owner's whole feed, measured next to health (goal: p50 ≤ 3× health). */
export const CALENDAR_FEED = "calendar feed (GET /api/calendar/:token.ics)";

export interface Latency {
  name: string;
  p50: number;
  p95: number;
  errors: number;
}

/** A signed-in JSON caller; throws on any non-2xx answer. */
export function apiClient(base: string, cookie: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Cookie: cookie, Origin: base, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

export interface LeadSample {
  leads: Lead[];
  /** Surnames of leads spread over the whole table, old and new: search orders by newest and stops at a few hits, so an old lead's name makes it read further. */
  terms: string[];
}

/** Leads from every part of the table (ten per thousand), for requests that need real ids and names. */
export async function sampleLeads(base: string, cookie: string): Promise<LeadSample> {
  const json = apiClient(base, cookie);
  const leads: Lead[] = [];
  const terms = new Set<string>();
  const { total } = await json<{ total: number }>("GET", "/api/crm/leads?limit=1");
  for (let offset = 0; offset < total; offset += Math.max(1, Math.floor(total / 10))) {
    const page = await json<{ leads: Lead[] }>("GET", `/api/crm/leads?limit=10&offset=${offset}`);
    leads.push(...page.leads);
    if (page.leads[0]) terms.add(page.leads[0].name.split(" ").at(-1)!);
  }
  if (leads.length < 2) throw new Error("the bench needs at least two leads");
  return { leads, terms: [...terms] };
}

/**
 * Two leads for the write benchmarks: one whose Deal Value can be typed (an open lead; a Won lead's
 * value is its accepted proposals' sum and refuses a typed one) and another for the workflow action,
 * so neither write makes the other's copy stale.
 */
export function writeTargets(sample: LeadSample): { patchTarget: Lead; workflowLead: Lead } {
  const patchTarget = sample.leads.find((l) => l.status !== "Won" && l.status !== "Lost");
  if (!patchTarget) throw new Error("the bench needs an open lead to edit");
  const workflowLead = sample.leads.find((l) => l.id !== patchTarget.id)!;
  return { patchTarget, workflowLead };
}

export async function measureApi(
  base: string,
  cookie: string,
  sample: LeadSample,
  requests: number,
  progress: (l: string) => void,
): Promise<Latency[]> {
  const json = apiClient(base, cookie);
  const terms = sample.terms;

  // The Owner's calendar feed, fetched as a calendar app does: no cookie, the token in the URL.
  // Rotating makes one whether or not an earlier run left one.
  const { url: feedUrl } = await json<{ url: string }>("POST", "/api/crm/calendar-feed", { rotate: true });
  const fetchFeed = async () => {
    const res = await fetch(feedUrl);
    const text = await res.text();
    if (!res.ok || !text.startsWith("BEGIN:VCALENDAR")) throw new Error(`GET calendar feed: ${res.status} ${text.slice(0, 200)}`);
    return text;
  };
  const feedEvents = (await fetchFeed()).split("BEGIN:VEVENT").length - 1;
  progress(`calendar feed: ${feedEvents} events`);

  const { patchTarget, workflowLead } = writeTargets(sample);
  let patched = patchTarget;

  const endpoints: { name: string; call: (i: number) => Promise<unknown> }[] = [
    { name: "GET /api/health", call: () => json("GET", "/api/health") },
    { name: CALENDAR_FEED, call: fetchFeed },
    { name: "GET /api/crm/leads (first page)", call: () => json("GET", "/api/crm/leads") },
    { name: "GET /api/crm/dashboard", call: () => json("GET", "/api/crm/dashboard") },
    { name: "GET /api/crm/search?q=…", call: (i) => json("GET", `/api/crm/search?q=${encodeURIComponent(terms[i % terms.length])}`) },
    {
      name: "PATCH /api/crm/leads/:id",
      call: async (i) => {
        ({ lead: patched } = await json<{ lead: Lead }>("PATCH", `/api/crm/leads/${patched.id}`, {
          value: 1000 + (i % 50) * 100,
          updated_at: patched.updated_at,
        }));
      },
    },
    {
      name: "POST /api/crm/leads/:id/actions (follow-up task)",
      call: () => json("POST", `/api/crm/leads/${workflowLead.id}/actions`, { action: "follow_up_task" }),
    },
  ];

  const samples = endpoints.map(() => [] as number[]);
  const errors = endpoints.map(() => 0);
  const warmUp = 20;
  for (let i = 0; i < warmUp + requests; i++) {
    for (let e = 0; e < endpoints.length; e++) {
      const started = performance.now();
      try {
        await endpoints[e].call(i);
        if (i >= warmUp) samples[e].push(performance.now() - started);
      } catch (error) {
        errors[e]++;
        if (errors[e] === 1) progress(`✘ ${endpoints[e].name}: ${(error as Error).message}`);
      }
    }
    if ((i + 1) % 50 === 0) progress(`api round ${i + 1}/${warmUp + requests}`);
  }
  return endpoints.map((e, i) => ({ name: e.name, p50: percentile(samples[i], 50), p95: percentile(samples[i], 95), errors: errors[i] }));
}
