/**
 * What a real Chromium fetches and how soon the CRM is usable: the JavaScript each page requests
 * on load (gzip bytes, counted here because `wrangler dev` serves it uncompressed), whether a
 * public page pulls in CRM code, and the time from navigation start to a draggable pipeline
 * card. Every visit gets a fresh browser context, so the cache is cold each time.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "@playwright/test";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS, ROOT } from "../lib/local";
import { crmSections } from "../../web/src/content/crm-sections";
import { PHONE_CONTEXT } from "../lib/phone";
import { median } from "./stats";

export const launchBrowser = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });

/**
 * The JS files only the CRM can reach. The build's manifest is gone by now (the prerender deletes
 * it), so the import graph is read from the chunks themselves: `./x.js` in a static or dynamic
 * import. The route table in the entry chunk names each CRM route module (`"./crm/….tsx":
 * () => import("./pipeline-….js")`). A CRM chunk is one reachable from the entry, but no
 * longer reachable once those CRM route modules are taken out of the graph.
 */
function crmChunks(): Set<string> {
  const dir = join(ROOT, "dist", "assets");
  const files = readdirSync(dir).filter((f) => f.endsWith(".js"));
  const edges = new Map<string, string[]>();
  for (const f of files) {
    const code = readFileSync(join(dir, f), "utf8");
    edges.set(
      f,
      [...new Set([...code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1]))].filter((d) => d !== f),
    );
  }
  // The CRM shell keeps Vite's entry script tag; prerendered pages hand it to their boot script.
  const html = readFileSync(join(ROOT, "dist", "crm.html"), "utf8");
  const entry = /<script[^>]+src="\/assets\/([\w.-]+\.js)"/.exec(html)?.[1];
  if (!entry || !edges.has(entry)) throw new Error("could not find the entry script in dist/crm.html");
  const entryCode = readFileSync(join(dir, entry), "utf8");
  const crmRoutes = new Set(
    [...entryCode.matchAll(/"\.\/crm\/[\w-]+\.tsx":\(\)=>[^`'"]*import\(["'`]\.\/([\w.-]+\.js)/g)].map((m) => m[1]),
  );
  if (!crmRoutes.size) throw new Error("found no CRM route modules in the entry chunk (did the route table change?)");
  const reach = (skip: Set<string>) => {
    const seen = new Set<string>();
    const stack = [entry];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f) || skip.has(f)) continue;
      seen.add(f);
      stack.push(...(edges.get(f) ?? []));
    }
    return seen;
  };
  const all = reach(new Set());
  const publicReach = reach(crmRoutes);
  return new Set([...all].filter((f) => !publicReach.has(f)));
}

export interface PageJs {
  path: string;
  files: number;
  gzipBytes: number;
  crmFiles: string[];
}

/** Loads `path` in a fresh context and sums the gzip size of every script it requested until the network went quiet. */
async function measurePage(context: BrowserContext, base: string, path: string, crm: Set<string>): Promise<PageJs> {
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  const urls = new Set<string>();
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script" || urls.has(res.url())) return;
    urls.add(res.url());
    bodies.push(res.body().catch(() => null));
  });
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  // A prerendered page starts its scripts only after its first paint and stylesheet, so a quiet
  // network can come before them: wait until it has hydrated, then for the network to settle.
  await page.waitForFunction(() => !document.getElementById("page-boot") || document.documentElement.hasAttribute("data-hydrated"));
  await page.waitForLoadState("networkidle");
  const loaded = await Promise.all(bodies);
  if (loaded.includes(null)) throw new Error(`${path}: a script's body could not be read, so its size would be missing`);
  const gzipBytes = loaded.reduce((sum, b) => sum + gzipSync(b!, { level: 9 }).length, 0);
  await page.close();
  const crmFiles = [...urls].map((u) => basename(new URL(u).pathname)).filter((f) => crm.has(f));
  return { path, files: urls.size, gzipBytes, crmFiles };
}

/** The scripts a page nobody is signed in to loads (a client's shared proposal or invoice), in a fresh context. */
export async function measurePageJs(browser: Browser, base: string, path: string): Promise<PageJs> {
  const context = await browser.newContext();
  try {
    return await measurePage(context, base, path, crmChunks());
  } finally {
    await context.close();
  }
}

/**
 * A context holding the session of `cookie` (the Cookie header signIn returns), with the
 * attributes the worker sets on it (worker/modules/users-and-auth/session.ts), as after the sign-in form.
 */
async function signedInContext(browser: Browser, base: string, cookie: string, options?: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const domain = new URL(base).hostname;
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        domain,
        path: "/",
        httpOnly: true,
        secure: true,
        sameSite: "Lax" as const,
      };
    }),
  );
  return context;
}

export async function measureJs(browser: Browser, base: string, publicPaths: string[], cookie: string, progress: (l: string) => void) {
  const crm = crmChunks();
  // Byte counts do not depend on timing, so pages load three at a time to keep the run short.
  const pages: PageJs[] = new Array(publicPaths.length);
  let next = 0;
  const worker = async () => {
    while (next < publicPaths.length) {
      const i = next++;
      const context = await browser.newContext();
      pages[i] = await measurePage(context, base, publicPaths[i], crm);
      await context.close();
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  progress(`JS measured on ${publicPaths.length} public pages (${crm.size} CRM-only chunks in the build)`);
  const context = await signedInContext(browser, base, cookie);
  const crmPage = await measurePage(context, base, "/crm", crm);
  await context.close();
  return { pages, crm: crmPage, crmChunkCount: crm.size };
}

/** A CRM page measured by a direct load, and what "its main content" means there. */
export interface CrmPage {
  name: string;
  path: string;
}

/** The CRM pages besides the pipeline, each loaded directly (docs/decisions/0010-crm-first-data-inline.md). */
export const CRM_PAGES: CrmPage[] = crmSections.filter((s) => s.path !== "/crm").map((s) => ({ name: s.label, path: s.path }));

export interface Timings {
  samples: number[];
  medianMs: number;
  worstMs: number;
}
const timings = (samples: number[]): Timings => ({ samples, medianMs: median(samples), worstMs: Math.max(...samples) });

/** A desk: the size the CRM's first-load rows have always used. */
const DESK: BrowserContextOptions = { viewport: { width: 1440, height: 1000 } };

/** A phone (scripts/lib/phone.ts), with the CPU slowed 4× as first-input.ts slows it. */
export const PHONE = {
  context: PHONE_CONTEXT,
  cpuSlowdown: 4,
};

const READY_MESSAGE = "bench:ready";

/**
 * Loads `path` in a fresh context (cold cache) and answers the time from navigation start until
 * `ready` first holds, checked by a MutationObserver installed before any page script runs. The
 * page says so on its console: the bench waits for that message rather than polling the page,
 * because Playwright's polling (waitForFunction) first injects its own script, which then runs on
 * the page's main thread while the page is still building its first render (about 130 ms of it
 * with the CPU slowed 4×).
 */
async function timeToReady(
  browser: Browser,
  base: string,
  path: string,
  cookie: string,
  ready: "board" | "content",
  device: { context: BrowserContextOptions; cpuSlowdown?: number } = { context: DESK },
): Promise<number> {
  const context = await signedInContext(browser, base, cookie, device.context);
  try {
    const page = await context.newPage();
    if (device.cpuSlowdown) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: device.cpuSlowdown });
    }
    // No named functions inside: tsx would wrap them in a helper (__name) the page does not have.
    await page.addInitScript(
      ([kind, message]) => {
        new MutationObserver((_, observer) => {
          // The board: a draggable card's handle. Any other page: its heading is in <main> and no
          // loading placeholder (role=status, "Loading …") is on screen.
          const holds =
            kind === "board"
              ? !!document.querySelector('[aria-label^="Pick up "]')
              : !!document.querySelector("main h1") && !document.querySelector('[role="status"][aria-label^="Loading"]');
          if (holds) {
            observer.disconnect();
            console.debug(message, performance.now());
          }
        }).observe(document, { childList: true, subtree: true, attributes: true });
      },
      [ready, READY_MESSAGE] as const,
    );
    const said = page.waitForEvent("console", { predicate: (m) => m.text().startsWith(READY_MESSAGE), timeout: 30_000 });
    await page.goto(`${base}${path}`, { waitUntil: "commit" });
    return Number((await said).text().slice(READY_MESSAGE.length + 1));
  } finally {
    await context.close();
  }
}

/** Navigation start → the load event of the bare static page, in a fresh context: the yardstick of the ratios. */
async function bareLoad(browser: Browser, base: string, path: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return nav.loadEventEnd;
    });
  } finally {
    await context.close();
  }
}

export interface CrmLoads {
  runs: number;
  bare: Timings;
  board: Timings;
  /** /crm on PHONE, CPU slowed 4×: navigation start → the first draggable card. */
  phoneBoard: Timings;
  pages: (CrmPage & Timings)[];
}

/**
 * The CRM's direct loads, signed in, cold cache: navigation start → the first draggable card on
 * /crm (as the pipeline e2e test measures it), and → the main content of every other CRM page.
 * Each round loads the bare static page, the board, every page and the board on a phone once, so a
 * busy moment of the shared machine falls on all of them alike.
 */
export async function measureCrmLoads(
  browser: Browser,
  base: string,
  cookie: string,
  barePath: string,
  runs: number,
  progress: (l: string) => void,
): Promise<CrmLoads> {
  const bare: number[] = [];
  const board: number[] = [];
  const phoneBoard: number[] = [];
  const pages = CRM_PAGES.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) {
    bare.push(await bareLoad(browser, base, barePath));
    board.push(await timeToReady(browser, base, "/crm", cookie, "board"));
    for (const [j, p] of CRM_PAGES.entries()) pages[j].push(await timeToReady(browser, base, p.path, cookie, "content"));
    phoneBoard.push(await timeToReady(browser, base, "/crm", cookie, "board", PHONE));
    progress(
      `CRM loads, round ${i + 1}/${runs}: bare ${Math.round(bare[i])} ms, board ${Math.round(board[i])} ms, on a phone ${Math.round(phoneBoard[i])} ms`,
    );
  }
  return {
    runs,
    bare: timings(bare),
    board: timings(board),
    phoneBoard: timings(phoneBoard),
    pages: CRM_PAGES.map((p, j) => ({ ...p, ...timings(pages[j]) })),
  };
}
