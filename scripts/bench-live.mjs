#!/usr/bin/env node
/**
 * How fast and how reliably the live hub fans out: against a running `wrangler dev`
 * (`node scripts/bench-live.mjs [url]`, default http://localhost:8787), signed in as the demo
 * Owner and Sales users.
 *   1. latency: 100 sequential task PATCHes by one user → the change event on the other user's
 *      socket; p50/p95 from sending the write (and from its HTTP answer, for comparison).
 *   2. fan-out: 50 open sockets; writes driven as fast as the worker answers for ~5 s; every
 *      socket must receive every write's event. Reports broadcasts/s and messages delivered/s.
 * Node 24's built-in WebSocket (undici) takes `{ headers }` as its second argument, which is how
 * the session cookie and Origin reach the upgrade. Results go to bench/live.json, or to the file
 * BENCH_LIVE_OUT names (`npm run bench` runs this script and keeps its copy out of the repo).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const BASE = (process.argv[2] ?? "http://localhost:8787").replace(/\/$/, "");
const ORIGIN = new URL(BASE).origin;
const LATENCY_WRITES = 100;
const SOCKETS = 50;
const FANOUT_SECONDS = 5;
const CONCURRENCY = Number(process.env.BENCH_WRITERS ?? 8);
const OUT = process.env.BENCH_LIVE_OUT ?? join(dirname(fileURLToPath(import.meta.url)), "..", "bench", "live.json");

const users = {
  owner: {
    email: process.env.DEMO_OWNER_EMAIL ?? "hannah@redbrickstudio.co.uk",
    password: process.env.DEMO_OWNER_PASSWORD ?? "owner-demo-pass-2026",
  },
  sales: {
    email: process.env.DEMO_SALES_EMAIL ?? "marcus@redbrickstudio.co.uk",
    password: process.env.DEMO_SALES_PASSWORD ?? "sales-demo-pass-2026",
  },
};

async function signIn({ email, password }) {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign in as ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return cookie;
}

function api(cookie) {
  return async (method, path, body) => {
    const res = await fetch(`${BASE}/api/crm${path}`, {
      method,
      headers: { Cookie: cookie, Origin: ORIGIN, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
}

/** An open socket that hands every change event to `onChange`. */
function openSocket(cookie, onChange) {
  return new Promise((resolve, reject) => {
    const url = `${BASE.replace(/^http/, "ws")}/api/crm/live`;
    const ws = new WebSocket(url, { headers: { Cookie: cookie, Origin: ORIGIN } });
    ws.onopen = () => resolve(ws);
    ws.onerror = (e) => reject(new Error(`socket: ${e.message || "failed to open"}`));
    ws.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.kind === "change") onChange(msg.event, performance.now());
    };
  });
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const round = (n) => Math.round(n * 10) / 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const ownerCookie = await signIn(users.owner);
const salesCookie = await signIn(users.sales);
const asOwner = api(ownerCookie);

let { task } = await asOwner("POST", "/tasks", { title: "Live bench task" });

// 1. Latency: one write at a time; the Sales user's socket waits for that write's event.
let waiting = null;
const listener = await openSocket(salesCookie, (event, at) => {
  if (waiting && event.entity === "tasks" && event.id === task.id) waiting(at);
});
const fromSend = [];
const fromAnswer = [];
for (let i = 0; i < LATENCY_WRITES + 5; i++) {
  const received = new Promise((resolve) => (waiting = resolve));
  const sent = performance.now();
  ({ task } = await asOwner("PATCH", `/tasks/${task.id}`, { title: `Live bench task ${i}`, updated_at: task.updated_at }));
  const answered = performance.now();
  const at = await Promise.race([received, sleep(5_000).then(() => null)]);
  waiting = null;
  if (at === null) throw new Error(`write ${i}: no event within 5 s`);
  if (i < 5) continue; // warm-up
  fromSend.push(at - sent);
  fromAnswer.push(at - answered);
}
listener.close();

// 2. Fan-out: SOCKETS sockets (alternating users), writes as fast as they are answered.
const counts = new Array(SOCKETS).fill(0);
const sockets = [];
for (let i = 0; i < SOCKETS; i++) {
  sockets.push(
    await openSocket(i % 2 ? salesCookie : ownerCookie, (event) => {
      if (event.entity === "tasks" && event.id === task.id) counts[i]++;
    }),
  );
}
await sleep(500); // let presence chatter settle
let writes = 0;
let failed = 0;
const started = performance.now();
const until = started + FANOUT_SECONDS * 1000;
// Concurrent writers on one task would 409 each other: give each writer its own task.
const tasks = [task];
for (let i = 1; i < CONCURRENCY; i++) tasks.push((await asOwner("POST", "/tasks", { title: `Live bench task w${i}` })).task);
const ids = new Set(tasks.map((t) => t.id));
for (let i = 0; i < SOCKETS; i++) {
  sockets[i].onmessage = (e) => {
    const msg = JSON.parse(e.data);
    if (msg.kind === "change" && msg.event.entity === "tasks" && ids.has(msg.event.id)) counts[i]++;
  };
}
const startCounts = [...counts];
await Promise.all(
  tasks.map(async (t) => {
    let current = t;
    while (performance.now() < until) {
      try {
        ({ task: current } = await asOwner("PATCH", `/tasks/${current.id}`, {
          priority: current.priority === "High" ? "Low" : "High",
          updated_at: current.updated_at,
        }));
        writes++;
      } catch {
        failed++;
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
// Give the last broadcasts time to land, then count.
let received = [];
for (let waited = 0; waited < 5_000; waited += 100) {
  received = counts.map((c, i) => c - startCounts[i]);
  if (received.every((c) => c >= writes)) break;
  await sleep(100);
}
for (const ws of sockets) ws.close();
const lost = received.reduce((sum, c) => sum + Math.max(0, writes - c), 0);

// Leave the demo data as it was: the bench's own tasks go.
for (const t of tasks) await asOwner("DELETE", `/tasks/${t.id}`);

const results = {
  url: BASE,
  at: new Date().toISOString(),
  latency: {
    writes: LATENCY_WRITES,
    write_sent_to_event_ms: { p50: round(pct(fromSend, 50)), p95: round(pct(fromSend, 95)), max: round(Math.max(...fromSend)) },
    write_answered_to_event_ms: { p50: round(pct(fromAnswer, 50)), p95: round(pct(fromAnswer, 95)) },
  },
  fanout: {
    sockets: SOCKETS,
    seconds: round(seconds),
    writes,
    failed_writes: failed,
    broadcasts_per_second: round(writes / seconds),
    messages_delivered_per_second: round(received.reduce((a, b) => a + b, 0) / seconds),
    messages_lost: lost,
  },
};
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n");

console.table({
  "write → event, p50 (ms)": results.latency.write_sent_to_event_ms.p50,
  "write → event, p95 (ms)": results.latency.write_sent_to_event_ms.p95,
  "answer → event, p50 (ms)": results.latency.write_answered_to_event_ms.p50,
  [`broadcasts/s to ${SOCKETS} sockets`]: results.fanout.broadcasts_per_second,
  "messages delivered/s": results.fanout.messages_delivered_per_second,
  "messages lost": lost,
});
console.log(`Wrote ${OUT}`);
process.exit(lost > 0 || failed > 0 ? 1 : 0);
