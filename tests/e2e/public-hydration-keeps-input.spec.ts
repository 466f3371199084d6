/**
 * What a visitor enters the moment a public page appears is what its island sends (docs/guide/public-site.md, Islands).
 * A password manager's autofill, a paste or a fast typist can fill a form before its script has
 * arrived, or while the island hydrates; hydration must keep every value, the focus and the caret,
 * and the island must then send exactly those values. Each island in web/src/islands/registry.ts
 * is filled at once right after the page's first byte, as a new visitor, again and again: a race
 * that is lost one time in ten shows up here.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { build, type Rolldown } from "vite";
import { CONTROLLED_ISLAND_HTML } from "./controlled-island";
import { expect, hydrated, test } from "./fixtures";
import { api, demo, expectStatus, signIn, tag } from "./support";

/** The race itself (filled and sent at once) is tried 10 times per island: one lost in ten shows. */
const TRIES = 10;
/**
 * Filled while the scripts are held back there is no race left to lose, only the hydration over
 * what was filled, the same every time: one try shows it, and CI's time goes to the race instead.
 */
const HELD_TRIES = 1;

// Each test is its own visitors and its own rows, so the two workers can share them out.
test.describe.configure({ mode: "parallel", timeout: 180_000 });

/** A field as a visitor fills it: a text box, or a select by its option's label. */
type Fill = [label: string, value: string] | [label: string, { option: string }];

interface IslandCase {
  path: string;
  /** The island's fields and its submit button live here. */
  scope: (page: Page) => Locator;
  fields: (who: string) => Fill[];
  submit: string;
  /** What the visitor sees once it has worked, whether React or the server answered. */
  worked: (page: Page) => Promise<void>;
  /** The rows it stored for these visitors, checked through the CRM's API. */
  stored?: (page: Page, batch: string, count: number) => Promise<void>;
}

const sentNotice = (text: string) => async (page: Page) => {
  await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
};

/** One lead per visitor of the batch, each with the name it was sent with. */
const leadsStored = async (page: Page, batch: string, count: number) => {
  await signIn(page.request);
  const { leads } = await expectStatus(api(page.request).crm.leads.$get({ query: { q: batch } }), 200);
  expect(leads).toHaveLength(count);
  for (const lead of leads) expect(lead.email).toBe(`${lead.name.split(" ")[1].toLowerCase()}@example.co.uk`);
};

/** `who` is "<batch>-<n>", so each visitor's e-mail says which try sent it and its name says the same. */
const person = (who: string) => ({ name: `Early ${who}`, email: `${who}@example.co.uk` });

const cases = {
  "contact-form": {
    path: "/contact",
    scope: (page) => page.getByRole("form", { name: "Send us a message" }),
    fields: (who) => [
      ["Name", person(who).name],
      ["Email", person(who).email],
      ["Subject", "Filled in as the page arrived"],
      ["Message", "Typed before the form's script had run, and kept."],
    ],
    submit: "Send Message",
    worked: sentNotice("Message Sent!"),
    stored: leadsStored,
  },
  "redesign-form": {
    path: "/free-redesign",
    scope: (page) => page.getByRole("form", { name: "Tell us about your website" }),
    fields: (who) => [
      ["Name", person(who).name],
      ["Email", person(who).email],
      ["Budget", { option: "£5,000 – £10,000" }],
      ["Current website", "https://early-example.co.uk"],
      ["Project description", "Filled in before the form's script had run."],
    ],
    submit: "Submit",
    worked: sentNotice("Request Submitted!"),
    stored: leadsStored,
  },
  "valuation-form": {
    path: "/portfolio/amco-real-estate",
    scope: (page) => page.getByRole("form", { name: "Book A Valuation" }),
    fields: (who) => [
      ["Name", person(who).name],
      ["Email", person(who).email],
      ["Phone", "0161 496 0000"],
      ["Property address", "12 Deansgate, Manchester M3 2BW"],
      ["Anything we should know?", "Filled in as the page arrived."],
    ],
    submit: "Book A Valuation",
    worked: sentNotice("Valuation Requested!"),
    stored: leadsStored,
  },
  "client-preview": {
    path: "/clients/vm-fitness",
    scope: (page) => page.locator('[data-island="client-preview"]'),
    fields: () => [["Access Code", demo.DEMO_PREVIEW_CODE]],
    submit: "Access Preview",
    worked: async (page) => {
      await expect(page.locator("iframe")).toHaveAttribute("title", "Website preview for VM Fitness");
    },
  },
} satisfies Record<string, IslandCase>;

/**
 * Islands that hold no form of their own, each raced in its own spec: the booking page's picker
 * takes the place of a list the server wrote, inside a form that posts natively, and must keep the
 * time chosen in that list before it arrived.
 */
const RACED_ELSEWHERE: Record<string, { spec: string; title: string }> = {
  "book-picker": {
    spec: "book-a-call.spec.ts",
    title: "a time chosen in the server's list before the picker arrives stays chosen in it, and is the one booked",
  },
};

test("every island in the registry is tried here, or in the spec named for it", () => {
  const registry = readFileSync(new URL("../../web/src/islands/registry.ts", import.meta.url), "utf8");
  // islandModules: one `"name": "src/…"` line per island.
  const names = [...registry.matchAll(/"([a-z-]+)": "src\//g)].map((m) => m[1]);
  expect(names.length).toBeGreaterThan(0);
  expect(names.sort()).toEqual([...Object.keys(cases), ...Object.keys(RACED_ELSEWHERE)].sort());
  for (const { spec, title } of Object.values(RACED_ELSEWHERE))
    expect(readFileSync(new URL(spec, import.meta.url), "utf8")).toContain(`test("${title}"`);
});

/**
 * Each try is a new visitor (cold cache, no unlock cookie) from its own address, as Cloudflare
 * would report it, so the enquiry forms' limit per address (20 an hour) counts each try once, not
 * the whole loop. The two workers take alternate addresses.
 */
let visitors = 0;
const visitorAddress = () => `203.0.113.${1 + ((visitors++ * 2 + test.info().parallelIndex) % 250)}`;
async function visitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": visitorAddress() } });
  return { context, page: await context.newPage() };
}

async function fillAll(scope: Locator, fields: Fill[]) {
  for (const [label, value] of fields) {
    const field = scope.getByLabel(label, { exact: true });
    if (typeof value === "string") await field.fill(value);
    else await field.selectOption({ label: value.option });
  }
}

async function expectFilled(scope: Locator, fields: Fill[]) {
  for (const [label, value] of fields) {
    const field = scope.getByLabel(label, { exact: true });
    if (typeof value === "string") await expect(field).toHaveValue(value);
    else await expect(field.locator("option:checked")).toHaveText(value.option);
  }
}

/** The focused field and its selection, as the page reports them. */
const focusAndCaret = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | HTMLTextAreaElement | null;
    return { label: el?.labels?.[0]?.textContent ?? null, start: el?.selectionStart ?? null, end: el?.selectionEnd ?? null };
  });

for (const [name, island] of Object.entries(cases) as [string, IslandCase][]) {
  test.describe(name, () => {
    test("filled before its script arrives, then sent once hydrated: every value, the focus and the caret kept", async ({ browser }) => {
      const batch = `early${tag()}`;
      for (let i = 0; i < HELD_TRIES; i++) {
        const { context, page } = await visitor(browser);
        // Scripts wait until every field is filled: the page is painted and usable, its island not yet running.
        let filled!: () => void;
        const scriptsMayCome = new Promise<void>((resolve) => (filled = resolve));
        await page.route("**/assets/*.js", async (route) => {
          await scriptsMayCome;
          await route.continue().catch(() => undefined);
        });
        await page.goto(island.path, { waitUntil: "commit" });
        const scope = island.scope(page);
        const fields = island.fields(`${batch}-${i}`);
        await fillAll(scope, fields);
        // The last field keeps the focus; put its caret inside the text, as someone correcting a word would.
        const last = fields.at(-1)![0];
        await scope.getByLabel(last, { exact: true }).evaluate((el: HTMLInputElement) => el.setSelectionRange(2, 5));
        expect(await page.locator(`[data-island="${name}"][data-hydrated]`).count(), "hydrated before it was filled").toBe(0);
        filled();
        await expect(page.locator(`[data-island="${name}"][data-hydrated]`)).toBeAttached();

        await expectFilled(scope, fields);
        expect(await focusAndCaret(page)).toEqual({ label: last, start: 2, end: 5 });
        // Answered by the island itself: the page is never reloaded.
        await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
        await scope.getByRole("button", { name: island.submit }).click();
        await island.worked(page);
        expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), `try ${i + 1}`).toBe(true);
        await context.close();
      }
      if (island.stored) {
        const { context, page } = await visitor(browser);
        await island.stored(page, batch, HELD_TRIES);
        await context.close();
      }
    });

    test(`filled and sent at once, from the first byte or once the page is ready (${TRIES} tries)`, async ({ browser }) => {
      const batch = `fast${tag()}`;
      // One tab for every try, each a new visitor all the same: no cookie kept (no unlock, no
      // session), the HTTP cache off so every script comes over the wire as on a first visit, and an
      // address of its own. Its storage is kept, so a later try at a preview is also a visitor whose
      // remembered unlock has lapsed (public-preview.spec.ts holds that race open). A fresh browser per try raced exactly this, at twice the CPU: the tab's
      // renderer is started once instead of ten times.
      const { context, page } = await visitor(browser);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      for (let i = 0; i < TRIES; i++) {
        await context.clearCookies();
        await page.setExtraHTTPHeaders({ "CF-Connecting-IP": visitorAddress() });
        // Alternately the earliest moment a field exists, and the moment the shared fixture calls ready.
        const earliest = i % 2 === 0;
        await page.goto(island.path, { waitUntil: "commit" });
        if (!earliest) await hydrated(page);
        const scope = island.scope(page);
        await fillAll(scope, island.fields(`${batch}-${i}`));
        await scope.getByRole("button", { name: island.submit }).click();
        // Before hydration the server answers the post; after it, the island does. Either must work.
        await island.worked(page);
      }
      await cdp.detach();
      if (island.stored) await island.stored(page, batch, TRIES);
      await context.close();
    });
  });
}

test("a form a password manager fills without focusing it hydrates then, and sends what was filled", async ({ page }) => {
  await page.goto("/contact");
  const island = page.locator('[data-island="contact-form"]');
  await expect(island).not.toHaveAttribute("data-hydrated");
  const email = `autofill.${tag()}@example.co.uk`;
  // As autofill does it: values written and announced, the focus left where it was.
  await page.evaluate((email) => {
    const form = document.querySelector<HTMLFormElement>('form[aria-label="Send us a message"]')!;
    const filled: Record<string, string> = {
      name: "Autofill Ada",
      email,
      subject: "Filled in by the browser",
      message: "Every field arrived at once.",
    };
    for (const [name, value] of Object.entries(filled)) {
      const field = form.elements.namedItem(name) as HTMLInputElement;
      field.value = value;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }, email);
  await expect(island).toHaveAttribute("data-hydrated", "");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent!").filter({ visible: true }).first()).toBeVisible();
  // The island, already running, sent it: no native post and reload.
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test("a tick box, a radio choice, a select and a controlled textarea survive hydration, and the island's state follows them", async ({
  page,
}) => {
  // The same preact/compat the islands are built with, bundled for the page.
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    build: {
      write: false,
      minify: false,
      lib: { entry: fileURLToPath(new URL("./controlled-island.ts", import.meta.url)), formats: ["iife"], name: "controlledIsland" },
    },
  })) as Rolldown.RolldownOutput[];
  const script = output[0].output[0].code;

  await page.setContent(`<!doctype html><div id="island">${CONTROLLED_ISLAND_HTML}</div><script>${script}</script>`);
  const form = page.getByRole("form", { name: "Order" });
  await form.getByLabel("Agree").check();
  // The server ticked the last of the group: the radio now unticked comes after the chosen one.
  await form.getByLabel("Small").check();
  await form.getByLabel("Colour").selectOption("red");
  await form.getByLabel("Notes").fill("Ring the bell twice");
  await form.getByLabel("Notes").evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(5, 8));

  await page.evaluate(() =>
    (window as unknown as { controlledIsland: { hydrateControlledIsland(): void } }).controlledIsland.hydrateControlledIsland(),
  );
  await expect(page.locator("#island[data-hydrated]")).toBeAttached();

  await expect(form.getByLabel("Agree")).toBeChecked();
  await expect(form.getByLabel("Small")).toBeChecked();
  await expect(form.getByLabel("Large")).not.toBeChecked();
  await expect(form.getByLabel("Colour")).toHaveValue("red");
  await expect(form.getByLabel("Notes")).toHaveValue("Ring the bell twice");
  expect(await focusAndCaret(page)).toEqual({ label: "Notes", start: 5, end: 8 });
  // The component knows: its own render says so, and a re-render would keep it all.
  await expect(form.locator("output")).toHaveText(JSON.stringify({ agree: true, size: "s", notes: "Ring the bell twice", colour: "red" }));
});
