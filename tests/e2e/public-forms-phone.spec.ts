/**
 * On a phone the send button is more than a screen below the top of the form, where the
 * confirmation appears: after a send the confirmation is in view, with JavaScript (the island
 * scrolls to it) and without (the post's answer lands on `#sent`). The screen is a phone's with
 * its keyboard up, as it is while the message is typed. Each visitor has an address of its own,
 * so these sends use up no other test's enquiry limit.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { hydrated } from "./fixtures";

// An iPhone 14 (390 × 844) with the on-screen keyboard over the lower half.
const phone = { width: 390, height: 450 };

let visitors = 0;
async function visitor(browser: Browser, javaScriptEnabled: boolean) {
  const n = 1 + ((visitors++ * 2 + test.info().parallelIndex) % 250);
  return browser.newContext({ viewport: phone, javaScriptEnabled, extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${n}` } });
}

const forms = [
  {
    name: "contact",
    path: "/contact",
    form: (page: Page) => page.getByRole("form", { name: "Send us a message" }),
    sent: "Message Sent!",
    async fill(page: Page, email: string) {
      const form = this.form(page);
      await form.getByLabel("Name", { exact: true }).fill("Phoebe Phone");
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByLabel("Subject", { exact: true }).fill("A site for the shop");
      await form.getByLabel("Message", { exact: true }).fill("Sent from my phone, standing in the shop.");
      await form.getByRole("button", { name: "Send Message" }).click();
    },
  },
  {
    name: "free redesign",
    path: "/free-redesign",
    form: (page: Page) => page.getByRole("form", { name: "Tell us about your website" }),
    sent: "Request Submitted!",
    async fill(page: Page, email: string) {
      const form = this.form(page);
      await form.getByLabel("Name", { exact: true }).fill("Phoebe Phone");
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByLabel("Budget", { exact: true }).selectOption({ index: 1 });
      await form.getByLabel("Current website", { exact: true }).fill("phoebesplants.co.uk");
      await form.getByLabel("Project description", { exact: true }).fill("Our site is slow and hard to read on a phone.");
      await form.getByRole("button", { name: "Submit" }).click();
    },
  },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "with JavaScript off", () => {
    for (const f of forms) {
      test(`${f.name}: after sending from a phone the confirmation is in view`, async ({ browser }) => {
        const context = await visitor(browser, javaScriptEnabled);
        try {
          const page = await context.newPage();
          await page.goto(f.path);
          if (javaScriptEnabled) await hydrated(page);
          await f.fill(page, `phone.${f.name.replace(" ", "-")}.${Date.now()}@example.co.uk`);
          if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`${f.path}#sent$`));
          const confirmation = page.getByRole("status").filter({ hasText: f.sent });
          await expect(confirmation).toBeVisible();
          await expect(confirmation).toBeInViewport({ ratio: 1 });
          // Not hidden under the sticky header either, once the page has settled (the scroll to it is smooth).
          const header = (await page.locator("header.site-header").boundingBox())!;
          await expect.poll(async () => (await confirmation.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
        } finally {
          await context.close();
        }
      });
    }
  });
}
