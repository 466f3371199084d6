/**
 * The Cron Trigger's run time with the 10,000-lead data: the hourly handler fired
 * through wrangler's local scheduled route at a fixed future 09:00 London, a new day each run, so
 * every run does the day's full work: overdue invoices, housekeeping and the daily digest for
 * three members of staff (the demo's Owner and Sales, and a colleague invited here).
 */
import { goal, type BenchSection } from "./section";
import { median, ms } from "./stats";

export const BENCH_COLLEAGUE = "bench.colleague@redbrickstudio.co.uk";

interface CapturedMail {
  messageId: string;
  to: string[];
  sentAt: string;
}

const json = (cookie: string, base: string) => ({ "Content-Type": "application/json", Cookie: cookie, Origin: base });

/** Invites a third colleague (Sales) and accepts the invitation from the local mail capture, unless the account exists. */
export async function ensureColleague(base: string, ownerCookie: string): Promise<void> {
  const users = (await (await fetch(`${base}/api/crm/users`, { headers: { Cookie: ownerCookie } })).json()) as {
    users: { email: string }[];
  };
  if (users.users.some((u) => u.email === BENCH_COLLEAGUE)) return;
  const sent = await fetch(`${base}/api/crm/users/invites`, {
    method: "POST",
    headers: json(ownerCookie, base),
    body: JSON.stringify({ email: BENCH_COLLEAGUE, role: "Sales" }),
  });
  if (sent.status !== 201) throw new Error(`inviting the bench colleague: ${sent.status} ${await sent.text()}`);
  const list = ((await (await fetch(`${base}/cdn-cgi/explorer/api/local/email/sending`)).json()) as { result: CapturedMail[] }).result;
  const mail = list.filter((m) => m.to.includes(BENCH_COLLEAGUE)).sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
  if (!mail) throw new Error("the bench colleague's invitation is not in the local mail capture");
  const { result } = (await (
    await fetch(`${base}/cdn-cgi/explorer/api/local/email/sending?email_id=${encodeURIComponent(mail.messageId)}`)
  ).json()) as { result: { raw: string } };
  const [head, ...rest] = result.raw.split(/\r?\n\r?\n/);
  const body = /content-transfer-encoding:\s*base64/i.test(head)
    ? Buffer.from(rest.join("").replace(/\s+/g, ""), "base64").toString("utf8")
    : rest.join("\n");
  const token = /#token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!token) throw new Error("no token in the bench colleague's invitation");
  const accepted = await fetch(`${base}/api/auth/accept-invite`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ token, full_name: "Bench Colleague", password: "bench-colleague-pass-2026" }),
  });
  if (!accepted.ok) throw new Error(`accepting the bench colleague's invitation: ${accepted.status} ${await accepted.text()}`);
}

export interface CronResult {
  runsMs: number[];
  medianMs: number;
  worstMs: number;
  /** Messages the local capture gained over all runs: a digest each for every colleague with something due. */
  mailsSent: number;
}

const capturedCount = async (base: string) =>
  ((await (await fetch(`${base}/cdn-cgi/explorer/api/local/email/sending`)).json()) as { result: CapturedMail[] }).result.length;

/**
 * Fires the cron `runs` times, each at 09:00 London on a day of its own in the future: the day
 * depends on the minute the bench started, so a rerun on kept state finds no day already done.
 */
export async function measureCron(base: string, runs: number): Promise<CronResult> {
  const runsMs: number[] = [];
  const dayMs = 86_400_000;
  const first = Date.UTC(2031, 0, 6, 9) + (Math.floor(Date.now() / 60_000) % 10_000) * runs * dayMs;
  const before = await capturedCount(base);
  for (let i = 0; i < runs; i++) {
    const time = first + i * dayMs;
    const start = performance.now();
    const res = await fetch(`${base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("0 * * * *")}&time=${time}`);
    const text = await res.text();
    runsMs.push(performance.now() - start);
    if (!res.ok) throw new Error(`the scheduled run failed: ${res.status} ${text}`);
  }
  return { runsMs, medianMs: median(runsMs), worstMs: Math.max(...runsMs), mailsSent: (await capturedCount(base)) - before };
}

export const jobsSection: BenchSection = {
  name: "jobs",
  async run({ quick, server, cookie, progress }) {
    const runs = quick ? 2 : 5;
    const base = server().base;
    const session = await cookie();
    progress(`scheduled jobs: ${runs} cron runs, each a new London day with the digest for 3 colleagues…`);
    await ensureColleague(base, session);
    const cron: CronResult = await measureCron(base, runs);
    const problems: string[] = [];
    if (cron.mailsSent !== 3 * cron.runsMs.length)
      problems.push(`the cron runs sent ${cron.mailsSent} digests, not ${3 * cron.runsMs.length}`);
    return {
      rows: [
        {
          section: "Scheduled jobs (10,000 leads)",
          measure: "Cron run: overdue invoices, housekeeping, digest for 3 users",
          result: `median ${ms(cron.medianMs)} · worst ${ms(cron.worstMs)} of ${cron.runsMs.length} · ${cron.mailsSent} digests sent`,
          goal: goal(cron.worstMs <= 1000, "≤ 1 s"),
        },
      ],
      results: { cron },
      problems,
    };
  },
};
