/**
 * Sequential API latency against the 10,000-lead database. Requests are interleaved (one of each
 * endpoint, then the next round), so health, the baseline of every ratio, sees the same moments
 * of a busy machine as the endpoints compared with it.
 */
import type { Lead } from "../../contract/lead";
import { apiClient, writeTargets, type LeadSample } from "./api-client";
import { goal, type BenchSection } from "./section";
import { ms, percentile, ratio } from "./stats";

/** The calendar feed's row: the Owner's whole feed, measured next to health (goal: p50 ≤ 3× health). */
export const CALENDAR_FEED = "calendar feed (GET /api/calendar/:token.ics)";

export interface Latency {
  name: string;
  p50: number;
  p95: number;
  errors: number;
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

export const apiSection: BenchSection = {
  name: "api",
  async run({ quick, server, cookie, sample, progress }) {
    const requests = quick ? 50 : 100;
    const session = await cookie();
    const leads = await sample();
    progress(`API latency: ${requests} sequential requests per endpoint after 20 warm-up…`);
    const api: Latency[] = await measureApi(server().base, session, leads, requests, progress);
    const health = api[0];
    const problems: string[] = [];
    const rows = api.map((l) => {
      const vsHealth = l === health ? "baseline" : `${ratio(l.p50, health.p50)} / ${ratio(l.p95, health.p95)} health`;
      const isSearch = l.name.includes("/search");
      if (l.errors) problems.push(`${l.name}: ${l.errors} failed requests`);
      return {
        section: "API latency (10,000 leads)",
        measure: l.name,
        result: `p50 ${ms(l.p50)} · p95 ${ms(l.p95)} · ${vsHealth}${l.errors ? ` · ${l.errors} errors` : ""}`,
        goal: isSearch
          ? goal(l.p50 <= 3 * health.p50 && l.p95 <= 3 * health.p95, "≤ 3× health")
          : l.name === CALENDAR_FEED
            ? goal(l.p50 <= 3 * health.p50, "p50 ≤ 3× health")
            : "",
      };
    });
    return { rows, results: { api }, problems };
  },
};
