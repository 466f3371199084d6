/**
 * A bounded mixed load with autocannon, always against the loopback address the bench's own
 * server listens on. Each connection cycles through ten requests: eight reads (the leads list,
 * search, a lead by id) and two writes (a note on a lead, a new task). Sign-in and the public
 * forms are rate-limited by design and stay out of it.
 */
import autocannon from "autocannon";
import { goal, type BenchSection, type Row } from "./section";
import { ms, round } from "./stats";

export interface LoadResult {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  socketErrors: number;
  timeouts: number;
}

export async function runLoad(port: number, cookie: string, leadIds: string[], terms: string[], connections: number, seconds: number) {
  const origin = `http://127.0.0.1:${port}`;
  let n = 0;
  const pick = <T>(list: T[]) => list[n++ % list.length];
  const read = (path: () => string): autocannon.Request => ({ method: "GET", setupRequest: (req) => ({ ...req, path: path() }) });
  const write = (path: () => string, body: () => unknown): autocannon.Request => ({
    method: "POST",
    setupRequest: (req) => ({ ...req, path: path(), body: JSON.stringify(body()) }),
  });
  const requests: autocannon.Request[] = [
    read(() => "/api/crm/leads"),
    read(() => `/api/crm/search?q=${encodeURIComponent(pick(terms))}`),
    read(() => `/api/crm/leads/${pick(leadIds)}`),
    read(() => `/api/crm/search?q=${encodeURIComponent(pick(terms))}`),
    read(() => `/api/crm/leads/${pick(leadIds)}`),
    write(
      () => `/api/crm/leads/${pick(leadIds)}/activities`,
      () => ({ description: `Load test note ${n}` }),
    ),
    read(() => "/api/crm/leads?offset=100"),
    read(() => `/api/crm/search?q=${encodeURIComponent(pick(terms))}`),
    read(() => `/api/crm/leads/${pick(leadIds)}`),
    write(
      () => "/api/crm/tasks",
      () => ({ title: `Load test task ${n}` }),
    ),
  ];
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    headers: { cookie, origin, "content-type": "application/json" },
    requests,
    timeout: 10,
  });
  return {
    connections,
    seconds,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    timeouts: result.timeouts,
  } satisfies LoadResult;
}

export const loadSection: BenchSection = {
  name: "load",
  async run({ quick, port, cookie, sample, progress }) {
    // Throughput and p99 settle within seconds at a steady concurrency; 30 s holds thousands of requests.
    const seconds = quick ? 10 : 30;
    const session = await cookie();
    const { leads, terms } = await sample();
    const load: LoadResult[] = [];
    const rows: Row[] = [];
    const problems: string[] = [];
    for (const connections of [20, 100]) {
      progress(`mixed load: ${connections} connections for ${seconds} s…`);
      const r = await runLoad(
        port,
        session,
        leads.map((l) => l.id),
        terms,
        connections,
        seconds,
      );
      load.push(r);
      const errors = r.non2xx + r.socketErrors;
      rows.push({
        section: "Mixed load (80% reads)",
        measure: `${connections} connections, ${r.seconds} s`,
        result: `${round(r.requestsPerSecond, 0)} req/s · p99 ${ms(r.p99Ms)} · errors ${errors} (${r.non2xx} non-2xx, ${r.socketErrors} socket)`,
        goal: goal(errors === 0, "0 errors"),
      });
      if (errors) problems.push(`load at ${connections} connections: ${r.non2xx} non-2xx answers, ${r.socketErrors} socket errors`);
    }
    return { rows, results: { load }, problems };
  },
};
