/**
 * What the end-to-end specs share: the demo sign-ins the server was seeded with, the typed API
 * client, API sign-in and signed-in browser contexts, unique tags and leads made through the API,
 * freeing a preview card, the accessibility scan, the pipeline's columns and cards with a mouse or
 * keyboard drag, the local mail capture, and the seeded state that specs with a server of their own
 * copy.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { hc, type ClientResponse, type InferRequestType } from "hono/client";
import type { AppType } from "../../worker/app";
import type { ServerMessage } from "../../contract/live";
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crmSections } from "../../web/src/content/crm-sections";
import { E2E_OWN_SEED_DIR, E2E_PORT, ROOT, readDemoSettings, seedLocal, startLocalServer, waitForHttp } from "../../scripts/lib/local";

/** The same values scripts/seed/cli.ts used (.dev.vars, else .dev.vars.example). */
export const demo = readDemoSettings();

/** The two seeded members of staff. */
export const staff = {
  owner: { email: demo.DEMO_OWNER_EMAIL, password: demo.DEMO_OWNER_PASSWORD, name: "Hannah Whitaker" },
  sales: { email: demo.DEMO_SALES_EMAIL, password: demo.DEMO_SALES_PASSWORD, name: "Marcus Reid" },
};
export type StaffLogin = (typeof staff)["owner"];

/**
 * The API as the web app calls it (`hc<AppType>`, as web/src/lib/api.ts does), sent through `request`,
 * so it shares that context's cookie jar (a page's `page.request` shares the page's). Routes, inputs
 * and answers are typed from the worker's own route chain: a renamed route or field fails the
 * typecheck, not a run of the suite. `origin` is for a spec's own server; the shared one is
 * `request`'s baseURL.
 */
export function api(request: APIRequestContext, origin = "/") {
  return hc<AppType>(origin, {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      // hc sends JSON as a string; a form or a file goes through Playwright's own request methods.
      if (init?.body != null && typeof init.body !== "string") throw new Error("api(): the typed client sends JSON bodies only");
      const res = await request.fetch(input instanceof Request ? input.url : String(input), {
        method: init?.method ?? "GET",
        headers: Object.fromEntries(new Headers(init?.headers)),
        data: init?.body ?? undefined,
      });
      const status = res.status();
      // A Response with one of these statuses must have no body.
      const body = [101, 204, 205, 304].includes(status) ? null : new Uint8Array(await res.body());
      // headersArray, not headers(): the latter joins two Set-Cookie lines with a newline, which Headers refuses.
      const headers = new Headers();
      for (const { name, value } of res.headersArray()) headers.append(name, value);
      return new Response(body, { status, statusText: res.statusText(), headers });
    },
  }).api;
}

/** What a typed call answers with `S`: its route's JSON body for that status. */
type BodyOf<R, S> = R extends ClientResponse<infer T, infer U, infer _F> ? (U extends S ? T : never) : never;

/**
 * Awaits a typed call, expects it to answer `status` (one its route declares, or the typecheck
 * fails) and returns the body its route gives for that status. A different status fails the test
 * with the body the worker sent, its error envelope included.
 */
export async function expectStatus<R extends ClientResponse<unknown, number, string>, S extends R["status"]>(
  call: Promise<R>,
  status: S,
): Promise<BodyOf<R, S>> {
  const res = await call;
  if (res.status !== status) expect(res.status, await res.text()).toBe(status);
  return (await res.json()) as BodyOf<R, S>;
}

/**
 * Signs `request` in as `who` through the API; its cookie jar (a page's `page.request` shares the
 * page's) then carries the session.
 */
export async function signIn(request: APIRequestContext, who: StaffLogin = staff.owner) {
  const res = await api(request).auth.login.$post({ json: { email: who.email, password: who.password } });
  expect(res.status, `sign in as ${who.email}`).toBe(200);
}

/**
 * A fresh browser context signed in as `who`, and a page in it. `testHook` asks web/src/lib/live.ts
 * for its test hook (window.__liveTest) before the page loads.
 */
export async function signedIn(
  browser: Browser,
  who: StaffLogin,
  opts: { testHook?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  if (opts.testHook) await context.addInitScript(() => ((window as unknown as { __LIVE_TEST__?: boolean }).__LIVE_TEST__ = true));
  await signIn(context.request, who);
  return { context, page: await context.newPage() };
}

/**
 * Resolves once `predicate` holds in `page`. It is asked once before it is waited for, because what
 * a test waits for has mostly happened already, and a waitForFunction sets up Playwright's polling
 * in the page's own world (its 340 KB injected script): about 0.05 CPU-s and 45 ms each time. A
 * navigation that ends the first answer is waited out.
 */
export async function until(page: Page, predicate: () => boolean) {
  if (await page.evaluate(predicate).catch(() => false)) return;
  await page.waitForFunction(predicate);
}

/**
 * Waits until nothing on the page is animating (CSS transitions and animations, Web Animations):
 * what a test reads then (styles, positions, an accessibility scan) is where the page comes to rest.
 */
export async function animationsFinished(page: Page) {
  await until(page, () => document.getAnimations().every((a) => a.playState !== "running"));
}

/**
 * axe-core on `page` as every spec runs it, findings in `violations` and `incomplete` (passing and
 * inapplicable rules only counted: naming every passing element is most of a scan's time), toasts
 * left out (another test's change arrives live as a toast, and one caught fading in reads as low
 * contrast), and in the page itself (its legacy mode). By default
 * @axe-core/playwright runs axe in each frame, then combines the results in a new blank page, which
 * starts a renderer and parses axe again for every scan: 2.8–6.6 CPU-seconds for a CRM page here,
 * against 1.2–1.8 in the page, with the same findings. All the default adds is frames from other
 * origins, which our pages do not have; a page that has one fails here rather than go unscanned.
 */
export function axe(page: Page): AxeBuilder {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((f) => f.url())
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  expect(foreign, "frames from other origins, which axe's legacy mode does not scan").toEqual([]);
  return new AxeBuilder({ page })
    .setLegacyMode()
    .exclude("[data-sonner-toaster]")
    .options({ resultTypes: ["violations", "incomplete"] });
}

/** A short unique string (time and a random number, base 36) for names no other test or run shares. */
export const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type Crm = ReturnType<typeof api>["crm"];
/** The JSON a typed call sends. */
type JsonOf<Call> = InferRequestType<Call> extends { json: infer J } ? J : never;

/** Creates a lead through the API as whoever `request` is signed in as; expects a 201. */
export async function createLead(request: APIRequestContext, data: JsonOf<Crm["leads"]["$post"]>) {
  return (await expectStatus(api(request).crm.leads.$post({ json: data }), 201)).lead;
}

/** A lead as the API answers it now; expects a 200. */
export async function readLead(request: APIRequestContext, id: string) {
  return (await expectStatus(api(request).crm.leads[":id"].$get({ param: { id } }), 200)).lead;
}

/** Creates a client through the API as whoever `request` is signed in as; expects a 201. */
export async function createClient(request: APIRequestContext, data: JsonOf<Crm["clients"]["$post"]>) {
  return (await expectStatus(api(request).crm.clients.$post({ json: data }), 201)).client;
}

/**
 * Unlinks a preview card from whichever client holds it. A spec that links its own card to a new
 * client calls this first: on a retry, the failed attempt's client still holds the card, and a card
 * has one client (409).
 */
export async function freePreviewCard(request: APIRequestContext, card: string) {
  const { crm } = api(request);
  const { clients } = await expectStatus(crm.clients.$get({ query: {} }), 200);
  for (const holder of clients.filter((c) => c.preview_id === card)) {
    await expectStatus(crm.clients[":id"].preview.$delete({ param: { id: holder.id } }), 200);
  }
}

export interface FirstRender {
  /** How many matched when the first of them appeared: the first render commits them all at once. */
  count: number;
  /** Where the last of them ends, and the screen's bottom, in CSS pixels from the top. */
  lastBottom: number;
  screenBottom: number;
}

/**
 * Records, from before any script runs, what the page's first render drew of `selector`; call it
 * before `goto`, then await what it returns. Pages draw long lists a screenful first and the rest
 * in a transition (web/src/lib/first-screen.ts, the pipeline's own count).
 */
export async function watchFirstRender(page: Page, selector: string): Promise<() => Promise<FirstRender>> {
  await page.addInitScript((matching) => {
    new MutationObserver((_, observer) => {
      const items = document.querySelectorAll(matching);
      if (items.length === 0) return;
      observer.disconnect();
      (window as unknown as { __firstRender: unknown }).__firstRender = {
        count: items.length,
        lastBottom: items[items.length - 1].getBoundingClientRect().bottom,
        screenBottom: window.innerHeight,
      };
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  return async () =>
    (await (await page.waitForFunction(() => (window as unknown as { __firstRender?: FirstRender }).__firstRender)).jsonValue())!;
}

/**
 * The elements of the page that blur what is behind them, as the start of their markup: a backdrop
 * filter is worked out again on every frame that changes beneath it (docs/decisions/0071-no-backdrop-blur.md).
 */
export const backdropFiltered = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("*")]
      .filter((el) => getComputedStyle(el).backdropFilter !== "none")
      .map((el) => el.outerHTML.slice(0, 80)),
  );

/** Opens `path` and waits until the page's live socket is open (the provider marks it on the notice region). */
export async function live(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("[data-live-status]")).toHaveAttribute("data-live-status", "open");
}

/**
 * Holds the page's live socket back from the hub until `letThrough` is called, as a slow network
 * would; `missed` resolves with what the hub's first word to it (`missed`) names as changed.
 */
export async function holdLive(page: Page) {
  let letThrough!: () => void;
  const released = new Promise<void>((resolve) => (letThrough = resolve));
  await page.routeWebSocket(/\/api\/crm\/live/, async (ws) => {
    await released;
    ws.connectToServer();
  });
  const missed = new Promise<string[]>((resolve) =>
    page.on("websocket", (ws) =>
      ws.on("framereceived", ({ payload }) => {
        const message = JSON.parse(String(payload)) as ServerMessage;
        if (message.kind === "missed") resolve(message.entities);
      }),
    ),
  );
  return { letThrough, missed };
}

/** Closes the page's live socket and keeps it closed for `holdMs`: the hook signedIn's `testHook` asks for. */
export async function dropLive(page: Page, holdMs: number) {
  await page.evaluate((ms) => (window as unknown as { __liveTest: { drop: (holdMs: number) => void } }).__liveTest.drop(ms), holdMs);
}

/** A pipeline column by its status, and a lead's card by id. */
export const leadColumn = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);
export const leadCard = (page: Page, id: string) => page.locator(`li[data-lead-id="${id}"]`);

/**
 * A pointer drag dnd-kit recognises: press, move past its 5 px threshold, travel, drop. Boards update
 * live, so a card another test adds can push `from` down between measuring it and pressing: the drag
 * goes on only once the card picked up (dnd-kit marks its handle aria-pressed) is `from`, and is
 * cancelled and tried again when another card, or none, was picked up.
 */
export async function mouseDrag(page: Page, from: Locator, to: Locator) {
  const picked = "[aria-roledescription][aria-pressed='true']";
  for (let attempt = 1; ; attempt++) {
    const a = (await from.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + 20);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + 30, { steps: 3 });
    // Nothing picked up when the press landed between cards.
    await page
      .locator(picked)
      .waitFor({ timeout: 2_000 })
      .catch(() => undefined);
    if ((await from.locator(picked).count()) === 1) break;
    await page.keyboard.press("Escape");
    await page.mouse.up();
    await expect(page.locator(picked)).toHaveCount(0);
    if (attempt === 3) throw new Error("mouseDrag: another card was under the pointer three times");
  }
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + 60, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2, b.y + 70, { steps: 2 });
  await page.mouse.up();
}

/**
 * A drag with dnd-kit's keyboard sensor: focus `handle`, Space picks up, ArrowRight moves a column
 * at a time until `to` is the column under the card (boards mark it with `data-over`), Space drops.
 * Each press waits for the board to show the card over the next column before the next one.
 */
export async function keyboardDrag(page: Page, handle: Locator, to: Locator) {
  const overColumn = () =>
    page.evaluate(() => {
      const el = document.querySelector("[data-over]");
      return el ? (el.getAttribute("data-status") ?? el.getAttribute("data-stage")) : null;
    });
  await handle.focus();
  await page.keyboard.press("Space");
  // dnd-kit listens for the arrows from the tick after the pick-up: a press before it is lost.
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect.poll(overColumn).not.toBeNull();
  for (let presses = 0; (await to.getAttribute("data-over")) === null; presses++) {
    if (presses === 8) throw new Error("keyboardDrag: the card never reached the column");
    const before = await overColumn();
    await page.keyboard.press("ArrowRight");
    await expect.poll(overColumn).not.toBe(before);
  }
  await page.keyboard.press("Space");
}

interface CapturedMail {
  messageId: string;
  to: string[];
  subject: string;
  sentAt: string;
}

/** The subjects of every message sent to `to` so far, oldest first. */
export async function mailSubjectsTo(request: APIRequestContext, to: string): Promise<string[]> {
  const res = await request.get("/cdn-cgi/explorer/api/local/email/sending");
  expect(res.ok()).toBeTruthy();
  const list = ((await res.json()) as { result: CapturedMail[] }).result;
  return list
    .filter((m) => m.to.includes(to))
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt))
    .map((m) => m.subject);
}

/** The plain-text body of a captured message (our mail is text/plain, base64). */
function decodeBody(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  return /content-transfer-encoding:\s*base64/i.test(head) ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : body;
}

/**
 * The newest message sent to `to` whose subject or text contains `containing`, read from wrangler
 * dev's local e-mail capture (`/cdn-cgi/explorer/api/local/email/sending`); waits for it to arrive.
 * Tests that share an inbox (the studio's) must say what they look for: with two Playwright
 * workers, another test's notification can be the newest one.
 */
export async function latestMailTo(
  request: APIRequestContext,
  to: string,
  containing?: string,
): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  const read = async (messageId: string) => {
    const res = await request.get(`/cdn-cgi/explorer/api/local/email/sending?email_id=${encodeURIComponent(messageId)}`);
    expect(res.ok()).toBeTruthy();
    const { result } = (await res.json()) as { result: { subject: string; raw: string } };
    return { subject: result.subject, text: decodeBody(result.raw) };
  };
  await expect
    .poll(
      async () => {
        const res = await request.get("/cdn-cgi/explorer/api/local/email/sending");
        expect(res.ok()).toBeTruthy();
        const list = ((await res.json()) as { result: CapturedMail[] }).result;
        const newest = list.filter((m) => m.to.includes(to)).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
        for (const m of newest.slice(0, containing === undefined ? 1 : 25)) {
          const mail = await read(m.messageId);
          if (containing === undefined || mail.subject.includes(containing) || mail.text.includes(containing)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: containing === undefined ? `an e-mail to ${to}` : `an e-mail to ${to} containing ${containing}` },
    )
    .toBe(true);
  return found!;
}

/**
 * Runs `fn` while no other worker of this run holds `lock`, a directory made atomically; one left
 * by a killed run is taken over after 2 minutes, and waiting 90 s for `what` fails the test.
 */
async function withLock<T>(lock: string, what: string, fn: () => Promise<T> | T): Promise<T> {
  for (const started = Date.now(); ;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 120_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released between the two calls: try again.
      }
      if (Date.now() - started > 90_000) throw new Error(`${what} stayed locked for 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` while no other test of this run changes or relies on the studio's settings (one row
 * for the whole CRM: the bank details, VAT number and terms). Two Playwright workers would
 * otherwise clear the bank details one test needs while another prints without them. The lock is
 * per e2e server.
 */
export async function withStudioSettings<T>(fn: () => Promise<T>): Promise<T> {
  return withLock(join(tmpdir(), `redbrick-e2e-${E2E_PORT}-studio-settings.lock`), "the studio settings", fn);
}

/** Whether nothing listens on 127.0.0.1:port, for the specs that start a server of their own. */
export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .once("listening", () => probe.close(() => resolve(true)));
    probe.listen(port, "127.0.0.1");
  });
}

/** Every page of the CRM's sidebar (web/src/content/crm-sections.ts). */
export const CRM_PAGES = crmSections.map((s) => s.path);

/** Text people type that is one long word: an address and a link, each wider than a 320 px phone. */
export const LONG_WORDS = {
  email: "bartholomew.fotheringham-whittingstall@accounts.fotheringham-holdings.co.uk",
  url: "https://www.fotheringham-holdings.co.uk/about-us/our-history/the-early-years/index.html",
};

/**
 * What reaches past the page's screen, to say which element to fix (none when the page fits): its
 * layout viewport and scroll width, which content reaching past the screen widens, even invisible
 * text, and the first elements that do. A scroller clips what is inside it, but not an absolutely
 * placed element whose containing block is outside it; what is fixed stays put.
 */
export function overflowOf(page: Page) {
  return page.evaluate(() => ({
    layoutViewport: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    past: [...document.querySelectorAll("body *")]
      .filter((e) => getComputedStyle(e).position !== "fixed" && e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .filter((e) => {
        const block = getComputedStyle(e).position === "absolute" ? (e as HTMLElement).offsetParent : e.parentElement;
        for (let p = e.parentElement; p; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== "visible" && (!block || p === block || p.contains(block))) return false;
        return true;
      })
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} "${(e.textContent ?? "").trim().slice(0, 30)}"`),
  }));
}

/** Expects nothing on the page to reach past a screen `width` px wide. */
export async function expectFits(page: Page, width: number, where = page.url()) {
  expect(await overflowOf(page), where).toEqual({ layoutViewport: width, scrollWidth: width, past: [] });
}

/**
 * `stateDir` wiped, then made a copy of this run's small seeded state (E2E_OWN_SEED_DIR), which the
 * first caller of the run seeds while any other waits: the specs with a server of their own start
 * from the same rows without seeding one each.
 */
export async function ownSeededState(stateDir: string): Promise<void> {
  const state = join(E2E_OWN_SEED_DIR, "state");
  const done = join(ROOT, E2E_OWN_SEED_DIR, "done");
  if (!existsSync(done)) {
    mkdirSync(join(ROOT, E2E_OWN_SEED_DIR), { recursive: true });
    await withLock(join(ROOT, E2E_OWN_SEED_DIR, "lock"), "the specs' own seeded state", () => {
      if (existsSync(done)) return;
      rmSync(join(ROOT, state), { recursive: true, force: true });
      expect(() => seedLocal(state, { leads: 5, stdio: "ignore" }), "seeding the specs' own state").not.toThrow();
      mkdirSync(done);
    });
  }
  rmSync(join(ROOT, stateDir), { recursive: true, force: true });
  cpSync(join(ROOT, state), join(ROOT, stateDir), { recursive: true });
}

/**
 * Gives the spec that calls it (at its top level) a server and state of its own, startOwnServer's:
 * on port `E2E_PORT + offset` unless `portVariable` names another, its state in
 * `.wrangler/e2e-<name>-<port>`, started before the spec's first test and stopped, its state wiped,
 * after its last. Its tests' baseURL is that server; the origin is returned for what needs it whole.
 */
export function useOwnServer(o: {
  name: string;
  offset: number;
  portVariable: string;
  /** Writes a wrangler config variant into the state directory it is given and returns its path. */
  config?: (stateDir: string) => Promise<string>;
}): string {
  const port = Number(process.env[o.portVariable] ?? E2E_PORT + o.offset);
  const stateDir = join(".wrangler", `e2e-${o.name}-${port}`);
  const origin = `http://localhost:${port}`;
  const config = o.config;
  let server: { stop(): Promise<void> } | undefined;
  test.use({ baseURL: origin });
  test.beforeAll(async () => {
    // Seeding and starting a second server on a busy 2-core machine.
    test.setTimeout(180_000);
    server = await startOwnServer({ port, stateDir, portVariable: o.portVariable, ...(config ? { config: () => config(stateDir) } : {}) });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return origin;
}

/**
 * A server and state of a spec's own, for a spec whose figures or mail the shared server's other
 * specs would disturb: the port checked free, the state a copy of the run's seeded one
 * (ownSeededState), `wrangler dev` started (with a config variant when given one) and waited for. `stop` stops it and wipes the state; the
 * server is kept before it answers, so `stop` works even if it never comes up.
 */
async function startOwnServer(o: {
  port: number;
  stateDir: string;
  /** The variable that moves the port, named when the port is taken. */
  portVariable: string;
  /** Writes a wrangler config variant into the seeded state and returns its path. */
  config?: () => Promise<string>;
}): Promise<{ stop(): Promise<void> }> {
  expect(await portIsFree(o.port), `port ${o.port} is taken: set ${o.portVariable} to a free one`).toBe(true);
  await ownSeededState(o.stateDir);
  const config = o.config ? await o.config() : undefined;
  const server = await startLocalServer({
    port: o.port,
    stateDir: o.stateDir,
    ...(config ? { config } : {}),
    inspectorPort: o.port + 1000,
    log: "ignore",
    logLevel: "warn",
    readyTimeoutMs: false,
    killAfterMs: 10_000,
  });
  const stop = async () => {
    await server.stop();
    rmSync(join(ROOT, o.stateDir), { recursive: true, force: true });
  };
  const child = server.child;
  try {
    await waitForHttp(`http://127.0.0.1:${o.port}/api/health`, 150_000, () => child.exitCode === null && child.signalCode === null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
