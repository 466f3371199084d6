/**
 * Mail that files itself, through `wrangler dev`'s local inbound-mail route exactly as
 * Email Routing hands a message to the worker: the time to read and file a 1 MB message (p50 of
 * 50), and 200 different messages in a row, counted back in the CRM so none is lost.
 */

import { goal, type BenchSection } from "./section";
import { median, ms } from "./stats";

const FROM = "hannah@redbrickstudio.co.uk";
const TO = "crm@redbrickstudio.co.uk";

/** A message from the demo Owner to a client the demo does not have (so it goes to Unfiled mail), with `bodyBytes` of text. */
export function staffMessage(id: string, bodyBytes: number): string {
  const line = "Thank you for the photographs of the new studio; we will use them on the home page and the timetable.\r\n";
  const body = line.repeat(Math.ceil(bodyBytes / line.length)).slice(0, bodyBytes);
  return [
    // Email Routing's block on top: its Received, then its verdicts (worker/modules/mail/auth-results.ts reads only that block).
    "Received: from mail-ej1-f54.google.com (209.85.218.54)",
    "        by cloudflare-email.net (cloudflare) id BeNcHmArK001",
    `        for <${TO}>; Mon, 30 Nov 2026 17:48:19 +0000`,
    "Authentication-Results: mx.cloudflare.net;",
    "\tdkim=pass header.d=redbrickstudio.co.uk header.s=google header.b=Qm9hR2x1;",
    "\tdmarc=pass header.from=redbrickstudio.co.uk policy.dmarc=quarantine;",
    `\tspf=pass (mx.cloudflare.net: domain of ${FROM} designates 209.85.218.54 as permitted sender) smtp.mailfrom=${FROM}`,
    `From: Hannah Whitaker <${FROM}>`,
    "To: Bench Client <bench.client@bench-client.example>",
    `Subject: Bench message ${id}`,
    "Date: Mon, 30 Nov 2026 17:48:11 +0000",
    `Message-ID: <${id}@redbrickstudio.co.uk>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    body,
  ].join("\r\n");
}

async function deliver(base: string, raw: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/cdn-cgi/handler/email?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`, {
    method: "POST",
    body: raw,
  });
  await res.text();
  if (!res.ok) throw new Error(`inbound mail answered ${res.status}`);
  return performance.now() - started;
}

export interface MailResult {
  oneMbMs: number[];
  burst: { sent: number; filed: number; ms: number };
}

/** `cookie` signs in the Owner, to count what Unfiled mail holds afterwards. */
export async function measureMail(base: string, cookie: string, runs: number, burst: number): Promise<MailResult> {
  const stamp = Date.now().toString(36);
  const count = async () => {
    const res = await fetch(`${base}/api/crm/mail/unfiled`, { headers: { Cookie: cookie } });
    if (!res.ok) throw new Error(`GET /api/crm/mail/unfiled: ${res.status}`);
    return ((await res.json()) as { total: number }).total;
  };
  const before = await count();
  const oneMbMs: number[] = [];
  for (let i = 0; i < runs; i++) oneMbMs.push(await deliver(base, staffMessage(`bench-1mb-${stamp}-${i}`, 1024 * 1024)));
  const afterLarge = await count();
  if (afterLarge - before !== runs) throw new Error(`${runs} 1 MB messages sent, ${afterLarge - before} stored`);
  const started = performance.now();
  for (let i = 0; i < burst; i++) await deliver(base, staffMessage(`bench-row-${stamp}-${i}`, 4 * 1024));
  const ms = performance.now() - started;
  return { oneMbMs, burst: { sent: burst, filed: (await count()) - afterLarge, ms } };
}

export const mailSection: BenchSection = {
  name: "mail",
  async run({ quick, server, cookie, progress }) {
    const runs = quick ? 10 : 50;
    const burst = quick ? 50 : 200;
    const session = await cookie();
    progress(`inbound mail: ${runs} messages of 1 MB, then ${burst} in a row…`);
    const mail = await measureMail(server().base, session, runs, burst);
    const lost = mail.burst.sent - mail.burst.filed;
    return {
      rows: [
        {
          section: "Inbound mail",
          measure: "Read and file a 1 MB message (POST to the email() door → answered)",
          result: `p50 ${ms(median(mail.oneMbMs))} · worst ${ms(Math.max(...mail.oneMbMs))} of ${mail.oneMbMs.length}`,
          goal: "reported",
        },
        {
          section: "Inbound mail",
          measure: `${mail.burst.sent} messages in a row (4 KB each)`,
          result: `${ms(mail.burst.ms)} in all · ${ms(mail.burst.ms / mail.burst.sent)} each · ${lost} lost`,
          goal: goal(lost === 0, "0 lost"),
        },
      ],
      results: { mail },
      problems: lost ? [`inbound mail lost ${lost} of ${mail.burst.sent} messages`] : [],
    };
  },
};
