/**
 * Lighthouse with its default config (mobile, simulated throttling, all four categories) through
 * its Node API. One Chromium serves every run: starting a browser per run would cost more than
 * a run. Pages are visited round-robin, so a slow spell on the shared machine lands on every
 * page alike, and the home page and the bare page of its LCP ratio share each round.
 */
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { CHROMIUM_ARGS, CHROMIUM_PATH, WINDOW_UI_FEATURES } from "../lib/local";
import { median, ms, ratio, seconds } from "./stats";
import { goal, type BenchSection, type Row } from "./section";
import { STATIC_PAGE_PATH } from "./server";

// Chromium keeps only the last --disable-features: ours repeats chrome-launcher's list and adds the
// address bar's WebUI, whose renderer otherwise runs beside every page Lighthouse times.
const launcherDisabled =
  chromeLauncher.Launcher.defaultFlags()
    .find((f) => f.startsWith("--disable-features="))
    ?.slice("--disable-features=".length)
    .split(",") ?? [];
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS, `--disable-features=${[...launcherDisabled, ...WINDOW_UI_FEATURES].join(",")}`];

/** Scores are each run's worst (a figure that holds only on a quiet run is not met); timings are medians and worsts. */
export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  /** Total Blocking Time: median and worst of the runs. */
  tbtMs: number;
  tbtWorstMs: number;
  runs: number;
}

const score = (s: number | null | undefined) => (s == null ? NaN : Math.round(s * 100));

export async function runLighthouse(
  base: string,
  paths: string[],
  runs: number,
  debuggingPort: number,
  progress: (line: string) => void,
  /** Audits left out, and why, e.g. is-crawlable on a page that is noindex on purpose. */
  skipAudits: string[] = [],
): Promise<Record<string, LighthouseScores>> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    port: debuggingPort,
    logLevel: "silent",
  });
  const samples: Record<string, { p: number[]; a: number[]; bp: number[]; seo: number[]; lcp: number[]; tbt: number[] }> = {};
  for (const path of paths) samples[path] = { p: [], a: [], bp: [], seo: [], lcp: [], tbt: [] };
  try {
    for (let round = 1; round <= runs; round++) {
      for (const path of paths) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          // The full-page screenshot only illustrates an HTML report (none is written here) and took
          // about 1.5 s of every run; no score or timing reads it.
          disableFullPageScreenshot: true,
          ...(skipAudits.length ? { skipAudits } : {}),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const s = samples[path];
        s.p.push(score(lhr.categories.performance?.score));
        s.a.push(score(lhr.categories.accessibility?.score));
        s.bp.push(score(lhr.categories["best-practices"]?.score));
        s.seo.push(score(lhr.categories.seo?.score));
        s.lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN);
        s.tbt.push(lhr.audits["total-blocking-time"]?.numericValue ?? NaN);
        progress(
          `lighthouse ${round}/${runs} ${path}: performance ${s.p.at(-1)}, LCP ${Math.round(s.lcp.at(-1)!)} ms, TBT ${Math.round(s.tbt.at(-1)!)} ms`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return Object.fromEntries(
    Object.entries(samples).map(([path, s]) => [
      path,
      {
        performance: Math.min(...s.p),
        accessibility: Math.min(...s.a),
        bestPractices: Math.min(...s.bp),
        seo: Math.min(...s.seo),
        lcpMs: median(s.lcp),
        tbtMs: median(s.tbt),
        tbtWorstMs: Math.max(...s.tbt),
        runs: s.p.length,
      },
    ]),
  );
}

/** The public pages Lighthouse scores (the JS section gives each a row of its own too). */
export const LIGHTHOUSE_PAGES = ["/", "/portfolio", "/portfolio/dreamwell", "/contact", "/book", "/clients/vm-fitness"];

/** Lighthouse runs per page: 5, or 1 with --quick. */
export const lighthouseRuns = (quick: boolean) => (quick ? 1 : 5);

export const lighthouseSection: BenchSection = {
  name: "lighthouse",
  async run({ quick, server, lighthousePort, progress }) {
    const runs = lighthouseRuns(quick);
    progress(`Lighthouse: ${LIGHTHOUSE_PAGES.length} pages + the bare page, ${runs} run(s) each…`);
    const lh = await runLighthouse(server().base, [...LIGHTHOUSE_PAGES, STATIC_PAGE_PATH], runs, lighthousePort, progress);
    const rows: Row[] = LIGHTHOUSE_PAGES.map((path) => {
      const s: LighthouseScores = lh[path];
      return {
        section: "Lighthouse (mobile)",
        measure: path,
        result: `Perf ${s.performance} · A11y ${s.accessibility} · BP ${s.bestPractices} · SEO ${s.seo} · LCP ${seconds(s.lcpMs)} · TBT ${ms(s.tbtMs)} (worst ${ms(s.tbtWorstMs)})`,
        goal: goal(
          s.performance === 100 && s.accessibility === 100 && s.bestPractices === 100 && s.seo === 100 && s.tbtWorstMs <= 50,
          "100 every run, TBT ≤ 50 ms",
        ),
      };
    });
    const home = lh["/"].lcpMs;
    const bare = lh[STATIC_PAGE_PATH].lcpMs;
    rows.push({
      section: "Lighthouse (mobile)",
      measure: "LCP `/` ÷ bare static page",
      result: `${seconds(home)} ÷ ${seconds(bare)} = ${ratio(home, bare)}`,
      goal: goal(home / bare <= 1.1, "≤ 1.1×"),
    });
    return { rows, results: { lighthouse: lh, lcpRatio: { homeMs: home, bareMs: bare, ratio: home / bare } }, problems: [] };
  },
};
