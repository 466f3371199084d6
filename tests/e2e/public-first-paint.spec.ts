/**
 * How prerendered pages reach their first paint (worker/http/page-boot.ts, scripts/lib/critical-css.ts):
 * from their HTML alone, which for the home page fits in one round trip of a new connection;
 * with scripts starting only after that paint and no stylesheet ever; and with inline CSS that
 * styles what the HTML shows, and what its islands go on to show, exactly as the full
 * stylesheet does.
 */
import { request as httpRequest } from "node:http";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { animationsFinished, demo } from "./support";

/** TCP's initial congestion window (10 segments of 1,460 bytes): what a new connection delivers in its first round trip. */
const FIRST_ROUND_TRIP = 14_600;

/** The response as it crosses the wire: status line, headers and the gzip body, undecoded. */
function wireSize(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders
        .map((v, i) => (i % 2 === 0 ? `${v}: ` : `${v}\r\n`))
        .join("")}\r\n`;
      let body = 0;
      res.on("data", (chunk: Buffer) => (body += chunk.length));
      res.on("end", () => resolve({ bytes: Buffer.byteLength(head) + body, encoding: res.headers["content-encoding"] }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

test("the home page's HTML, headers included, fits in a new connection's first round trip", async ({ baseURL }) => {
  const { bytes, encoding } = await wireSize(`${baseURL}/`);
  console.log(`/ is ${bytes} bytes on the wire (gzip, with headers)`);
  expect(encoding).toBe("gzip");
  expect(bytes).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
});

test("the tab's icon is the studio's mark written into the page, so no icon request follows the page", async ({ page, request }) => {
  const icons: string[] = [];
  page.on("request", (r) => /favicon|\.ico$/.test(r.url()) && icons.push(r.url()));
  await page.goto("/");
  const href = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  expect(href).toMatch(/^data:image\/svg\+xml,/);
  const mark = (await (await request.get("/favicon.svg")).text()).trim().replace(/"/g, "'");
  expect(decodeURIComponent(href!.slice("data:image/svg+xml,".length))).toBe(mark);
  await page.waitForLoadState("load");
  await page.waitForTimeout(300);
  expect(icons).toEqual([]);
});

test("a page's eager illustration, its largest paint, is written into the page and not fetched", async ({ page, request }) => {
  for (const path of ["/portfolio", "/portfolio/dreamwell"]) {
    const fetched: string[] = [];
    page.on("request", (r) => r.url().endsWith("/portfolio/dreamwell.svg") && fetched.push(r.url()));
    await page.goto(path);
    const image = page.locator('img[loading="eager"]');
    await expect(image).toHaveCount(1);
    await expect(image).toHaveAttribute("alt", "Illustration of the Dreamwell website");
    const src = (await image.getAttribute("src"))!;
    const drawing = (await (await request.get("/portfolio/dreamwell.svg")).text()).trim().replace(/"/g, "'");
    expect(decodeURIComponent(src.slice("data:image/svg+xml,".length)), path).toBe(drawing);
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), path).toBe(800);
    await page.waitForLoadState("load");
    expect(fetched, path).toEqual([]);
    page.removeAllListeners("request");
  }
});

test("prerendered pages start no script or stylesheet download before their first contentful paint", async ({ page }) => {
  // Only a page with an island (the contact form) has a script at all (docs/decisions/0012-public-islands.md).
  for (const [path, hasScript] of [
    ["/", false],
    ["/contact", true],
    ["/portfolio/dreamwell", false],
  ] as const) {
    await page.goto(path);
    const { fcp, assets } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      assets: performance
        .getEntriesByType("resource")
        .filter((r) => /\/assets\/.*\.(js|css)$/.test(r.name))
        .map((r) => ({ name: r.name, start: r.startTime })),
    }));
    expect(fcp, path).toBeGreaterThan(0);
    expect(
      assets.some((a) => a.name.endsWith(".js")),
      path,
    ).toBe(hasScript);
    // Its inline CSS covers all it can show, what its islands write included.
    expect(
      assets.filter((a) => a.name.endsWith(".css")),
      path,
    ).toEqual([]);
    for (const a of assets) expect(a.start, `${path} ${a.name}`).toBeGreaterThanOrEqual(fcp);
  }
});

test("an early tap opens a styled menu: its rules are in the page's own CSS, not the stylesheet still on its way", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.route("**/assets/*.css", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeVisible();
  expect(await page.evaluate(() => [...document.styleSheets].some((s) => s.href?.includes("/assets/")))).toBe(false);
  await expect(menu).toHaveCSS("overflow-y", "auto");
  await expect(menu).toHaveCSS("position", "fixed");
  await expect(menu).toHaveCSS("top", "64px");
});

test("a browser without paint timing still boots the page", async ({ page }) => {
  await page.addInitScript(() => delete (window as { PerformanceObserver?: unknown }).PerformanceObserver);
  await page.goto("/");
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(true);
});

test("a page opened in a hidden tab starts its scripts at once, without waiting for a paint", async ({ page }) => {
  // A background tab paints nothing, so waiting for the first paint would leave it unhydrated.
  // Whether the boot script asked for the page's scripts itself, or later (from the paint it waits
  // for, or its timeout), is read from where each request for them was made: while a script runs,
  // document.currentScript is that script; in an observer's callback or a timer it is null. (Which
  // came first, the paint or the scripts' requests, says the same only on an idle machine.) Links
  // the island adds for its own later imports are left out: only the modules page-boot names count.
  await page.addInitScript(() => {
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
    const asked: { href: string; by: string }[] = [];
    (window as unknown as { scriptsAsked: typeof asked }).scriptsAsked = asked;
    const append = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, child: T): T {
      if (child instanceof HTMLLinkElement && child.rel === "modulepreload")
        asked.push({ href: child.getAttribute("href") ?? "", by: document.currentScript ? "the boot script" : "later" });
      return append.call(this, child) as T;
    };
  });
  await page.goto("/contact");
  const { asked, named } = await page.evaluate(() => {
    const boot = JSON.parse(document.getElementById("page-boot")!.textContent!) as { modules: string[]; entry: string };
    return {
      asked: (window as unknown as { scriptsAsked: { href: string; by: string }[] }).scriptsAsked,
      named: [...boot.modules, boot.entry],
    };
  });
  const bootsOwn = asked.filter((a) => named.includes(a.href));
  expect(bootsOwn.map((a) => a.href).sort()).toEqual([...named].sort());
  expect(bootsOwn.every((a) => a.by === "the boot script")).toBe(true);
});

test("a code sent before the page has hydrated goes to the server, never into the address bar", async ({ page }) => {
  // Slow scripts hold hydration back long enough to type and press Enter before it.
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue().catch(() => undefined);
  });
  await page.goto("/clients/vm-fitness", { waitUntil: "commit" });
  const code = page.getByLabel("Access Code");
  await code.fill("typed-too-soon");
  await code.press("Enter");
  // The form posts natively (worker/http/native-form.ts): the server answers it as React would.
  await expect(page.getByLabel("Access Code")).toHaveAccessibleDescription("Invalid credentials. Please check your access code.");
  expect(new URL(page.url()).search).toBe("");
  expect(page.url()).not.toContain("typed-too-soon");
});

const STYLE_PROPS = [
  "display",
  "position",
  "color",
  "background-color",
  "background-image",
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "margin-top",
  "margin-left",
  "padding-top",
  "padding-left",
  "border-top-width",
  "border-top-color",
  "border-radius",
  "box-shadow",
  "width",
  "height",
  "grid-template-columns",
  "opacity",
  "transform",
];

/** The computed styles of every element of the first screen, in document order. */
function firstScreenStyles(page: Page) {
  return page.evaluate((props) => {
    const out: string[] = [];
    document.body.querySelectorAll("*").forEach((el, i) => {
      const box = el.getBoundingClientRect();
      if (box.bottom < 0 || box.top > window.innerHeight) return;
      const style = getComputedStyle(el);
      out.push(
        `${i} <${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${props.map((p) => `${p}=${style.getPropertyValue(p)}`).join("; ")}`,
      );
    });
    return out;
  }, STYLE_PROPS);
}

/** The full stylesheet, which only the single-page app (/auth) loads. */
async function fullStylesheet(page: Page): Promise<string> {
  const html = await (await page.request.get("/auth")).text();
  const boot = /<script type="application\/json" id="page-boot">([^<]*)<\/script>/.exec(html)?.[1];
  const css = boot && (JSON.parse(boot) as { css: string | null }).css;
  if (!css) throw new Error("/auth names no stylesheet in its page-boot");
  return css;
}

async function addFullStylesheet(page: Page) {
  await page.addStyleTag({ url: await fullStylesheet(page) });
  await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href?.includes("/assets/")));
}

/** The first screen's styles of `path` in `page`, whose context has JavaScript on or off. */
async function stylesWith(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) {
    await hydrated(page);
    await addFullStylesheet(page);
  } else {
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  }
  // The sections below the first screen keep a stand-in height until the browser first lays them
  // out (content-visibility: auto), so the page's and <main>'s heights would depend on when that
  // happened. Laid out now, on both sides, those heights are the real ones.
  await page.evaluate(() =>
    document.querySelectorAll<HTMLElement>(".render-when-near").forEach((el) => (el.style.contentVisibility = "visible")),
  );
  return firstScreenStyles(page);
}

/**
 * The computed styles of every element inside the page's islands, in document order; toasts,
 * which sonner styles itself and which are still sliding in, aside. Read once no transition is
 * running: the button just clicked is under the mouse, and its hover colour fades in.
 */
async function islandStyles(page: Page) {
  await animationsFinished(page);
  return page.evaluate((props) => {
    return [...document.querySelectorAll("[data-island] *:not([data-sonner-toaster], [data-sonner-toaster] *)")].map((el, i) => {
      const style = getComputedStyle(el);
      return `${i} <${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${props.map((p) => `${p}=${style.getPropertyValue(p)}`).join("; ")}`;
    });
  }, STYLE_PROPS);
}

test("what an island writes after hydrating is styled by the page's own CSS, as the full stylesheet would", async ({ page }) => {
  // The contact form's own messages, written by React (not the server's), and its state after them.
  await page.goto("/contact");
  await hydrated(page);
  await page.getByLabel("Name").focus();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  const formOwn = await islandStyles(page);
  await addFullStylesheet(page);
  expect(await islandStyles(page)).toEqual(formOwn);

  // A preview unlocked in the page, without a reload: the frame and its toolbar.
  await page.goto("/clients/vm-fitness");
  await hydrated(page);
  await page.getByLabel("Access Code").fill(demo.DEMO_PREVIEW_CODE);
  await page.getByRole("button", { name: "Access Preview" }).click();
  await expect(page.getByText("Welcome, VM Fitness!")).toBeVisible();
  await expect(page.locator("iframe")).toBeVisible();
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
  const previewOwn = await islandStyles(page);
  expect(previewOwn.length).toBeGreaterThan(5);
  await addFullStylesheet(page);
  expect(await islandStyles(page)).toEqual(previewOwn);
});

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px, a page's inline CSS styles its first screen exactly as the full stylesheet does`, async ({ browser }) => {
    // One tab without JavaScript and one with it, each visiting the three pages.
    const [off, on] = await Promise.all(
      [false, true].map((javaScriptEnabled) => browser.newContext({ javaScriptEnabled, viewport, reducedMotion: "reduce" })),
    );
    const [offPage, onPage] = await Promise.all([off.newPage(), on.newPage()]);
    for (const path of ["/", "/contact", "/portfolio"]) {
      const inlineOnly = await stylesWith(offPage, path, false);
      const full = await stylesWith(onPage, path, true);
      expect(inlineOnly.length, path).toBeGreaterThan(20);
      expect(inlineOnly, path).toEqual(full);
    }
    await Promise.all([off.close(), on.close()]);
  });
}

test("a public page the pointer rests on is fetched ahead, so following its link is instant; the rules break no CSP rule", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  await page.goto("/");
  expect(await page.evaluate(() => HTMLScriptElement.supports?.("speculationrules"))).toBe(true);
  const link = page.getByRole("main").getByRole("link", { name: "See Our Work" });
  await link.hover();
  // "moderate" eagerness: a 200 ms hover starts it. Chromium under DevTools (Playwright) does not
  // prerender, but the rule's prefetch half still runs: the click then uses the fetched page.
  await page.waitForTimeout(1_500);
  await link.click();
  await expect(page).toHaveURL(/\/portfolio$/);
  const nav = await page.evaluate(() => {
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & {
      activationStart: number;
      deliveryType: string;
    };
    return { activationStart: entry.activationStart, deliveryType: entry.deliveryType };
  });
  expect(nav.activationStart > 0 || nav.deliveryType === "navigational-prefetch").toBe(true);
  expect(problems).toEqual([]);
});
