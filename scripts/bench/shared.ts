/**
 * The pages a client opens from the studio's e-mail: a shared proposal accepted with
 * JavaScript off, timed from the click on Accept proposal to the page saying "Accepted by", on
 * fresh proposals made through the API so the demo's own stays waiting for its answer.
 */
import type { Browser } from "playwright";
import { demoLinkToken } from "../lib/local";
import { apiClient } from "./api-client";
import { launchBrowser, measurePageJs } from "./browser";
import { lighthouseRuns, runLighthouse, type LighthouseScores } from "./lighthouse";
import { goal, type BenchSection, type Row } from "./section";
import { kb, median, ms, seconds } from "./stats";

export interface AcceptResult {
  tries: number;
  worked: number;
  /** Click on Accept proposal → "Accepted by …" on screen, per try that worked. */
  ms: number[];
}

export async function measureAcceptWithoutJs(browser: Browser, base: string, cookie: string, tries: number): Promise<AcceptResult> {
  const call = apiClient(base, cookie);
  const result: AcceptResult = { tries, worked: 0, ms: [] };
  for (let i = 0; i < tries; i++) {
    const stamp = `${Date.now()}-${i}`;
    const { lead } = await call<{ lead: { id: string } }>("POST", "/api/crm/leads", { name: `Bench client ${stamp}` });
    const { proposal } = await call<{ proposal: { id: string } }>("POST", "/api/crm/proposals", {
      title: `Bench proposal ${stamp}`,
      lead_id: lead.id,
      lines: [{ description: "Website", quantity: 1, unit_price: 3600 }],
    });
    const { url } = await call<{ url: string }>("POST", `/api/crm/proposals/${proposal.id}/share`);
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.getByLabel("Full name").first().fill("Bench Client");
      await page.getByLabel("I accept this proposal and its terms").check();
      const clicked = performance.now();
      await page.getByRole("button", { name: "Accept proposal" }).click();
      await page.getByText(/^Accepted by Bench Client on /).waitFor({ timeout: 10_000 });
      const took = performance.now() - clicked;
      const after = await call<{ proposal: { status: string } }>("GET", `/api/crm/proposals/${proposal.id}`);
      const won = await call<{ lead: { status: string } }>("GET", `/api/crm/leads/${lead.id}`);
      if (after.proposal.status === "Accepted" && won.lead.status === "Won") {
        result.worked++;
        result.ms.push(took);
      }
    } catch {
      // Counted as not working: the row says how many of the tries did.
    } finally {
      await context.close();
    }
  }
  return result;
}

/** Tries of accepting with JavaScript off: 5, or 2 with --quick. */
const acceptTries = (quick: boolean) => (quick ? 2 : 5);

export const sharedSection: BenchSection = {
  name: "shared",
  async run({ quick, demo, server, cookie, lighthousePort, progress }) {
    const base = server().base;
    const runs = lighthouseRuns(quick);
    const tries = acceptTries(quick);
    // The demo's shared proposal and invoice (the links `npm run dev` prints).
    const sharedPages = [
      ["shared proposal", `/p/${demoLinkToken("proposal", demo.SESSION_SECRET)}`],
      ["shared invoice", `/i/${demoLinkToken("invoice", demo.SESSION_SECRET)}`],
    ] as const;
    const session = await cookie();
    progress(`shared client pages: Lighthouse ${runs} run(s) each, JS on load, accept with JavaScript off ×${tries}…`);
    // These pages must not be indexed (a client's document is private), so Lighthouse's is-crawlable audit is left out of their SEO score.
    const lh = await runLighthouse(
      base,
      sharedPages.map(([, path]) => path),
      runs,
      lighthousePort,
      progress,
      ["is-crawlable"],
    );
    const rows: Row[] = [];
    const problems: string[] = [];
    const browser = await launchBrowser();
    try {
      const shared: Record<string, unknown> = { lighthouse: lh };
      for (const [name, path] of sharedPages) {
        const s: LighthouseScores = lh[path];
        rows.push({
          section: "Shared client pages",
          measure: `Lighthouse (mobile), ${name} (SEO without is-crawlable: noindex by design)`,
          result: `Perf ${s.performance} · A11y ${s.accessibility} · BP ${s.bestPractices} · SEO ${s.seo} · LCP ${seconds(s.lcpMs)} · ${s.runs} runs, worst shown`,
          goal: goal(s.performance === 100 && s.accessibility === 100 && s.bestPractices === 100 && s.seo === 100, "100 every run of 5"),
        });
        const js = await measurePageJs(browser, base, path);
        shared[`js ${name}`] = js;
        rows.push({
          section: "Shared client pages",
          measure: `JS on load, ${name}`,
          result: `${kb(js.gzipBytes)} in ${js.files} files`,
          goal: goal(js.gzipBytes <= 30 * 1024, "≤ 30 KB, or none"),
        });
      }
      const accept = await measureAcceptWithoutJs(browser, base, session, tries);
      shared.acceptWithoutJs = accept;
      rows.push({
        section: "Shared client pages",
        measure: "Accept a proposal with JavaScript off: click → Accepted by (lead Won)",
        result: `${accept.worked} of ${accept.tries}${accept.ms.length ? ` · median ${ms(median(accept.ms))} · worst ${ms(Math.max(...accept.ms))}` : ""}`,
        goal: goal(accept.worked === accept.tries, "every try"),
      });
      if (accept.worked !== accept.tries) problems.push(`accepting with JavaScript off worked ${accept.worked} of ${accept.tries} times`);
      return { rows, results: { shared }, problems };
    } finally {
      await browser.close();
    }
  },
};
