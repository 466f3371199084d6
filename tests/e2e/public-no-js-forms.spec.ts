/**
 * The public forms with JavaScript off, and before React has hydrated: each is a real HTML form
 * the worker answers. A failed post comes back as the page with what was typed and each
 * message beside its field; a good one is stored, e-mailed, and lands on the success message.
 * Playwright's own `test` here: the shared fixture waits for hydration, which never comes.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { api, demo, expectStatus, latestMailTo, signIn, staff } from "./support";

const INBOX = "hello@redbrickstudio.co.uk";

test.describe.configure({ mode: "serial" });

/**
 * The lead holds the stored enquiry (its notes are written from it; the table itself is checked
 * in tests/worker/forms/native-forms.test.ts) and the studio was e-mailed.
 */
async function storedAndSent(request: APIRequestContext, email: string, enquiryText: string, subject: string) {
  await signIn(request);
  const { leads } = await expectStatus(api(request).crm.leads.$get({ query: { q: email } }), 200);
  expect(leads).toEqual([expect.objectContaining({ email, source: "Website" })]);
  expect(leads[0].notes).toContain(enquiryText);
  const mail = await latestMailTo(request, INBOX, email);
  expect(mail.subject).toBe(subject);
  expect(mail.text).toContain(email);
}

async function expectMessages(page: Page, form: ReturnType<Page["getByRole"]>, messages: [string, string | RegExp][]) {
  await expect(page.getByRole("alert").getByText("There is a problem")).toBeVisible();
  for (const [label, message] of messages) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
    // The summary links to the field.
    await expect(
      page
        .getByRole("alert")
        .getByRole("link", { name: typeof message === "string" ? message : undefined })
        .first(),
    ).toBeVisible();
  }
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("contact: every message with the typed values kept, then Message Sent!", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    await form.getByLabel("Email", { exact: true }).fill("not-an-email");
    await form.getByLabel("Subject", { exact: true }).fill("Hi");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/api\/contact$/);
    await expect(page).toHaveTitle(/^Error: /);
    await expectMessages(page, form, [
      ["Name", "Name must be at least 2 characters"],
      ["Email", "Please enter a valid email address"],
      ["Subject", "Subject must be at least 5 characters"],
      ["Message", "Message must be at least 10 characters"],
    ]);
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
    await expect(form.getByLabel("Subject", { exact: true })).toHaveValue("Hi");
    // The summary link takes you to its field.
    await page.getByRole("alert").getByRole("link", { name: "Please enter a valid email address" }).click();
    await expect(form.getByLabel("Email", { exact: true })).toBeFocused();

    const email = `nojs.contact.${Date.now()}@example.co.uk`;
    await form.getByLabel("Name", { exact: true }).fill("Nora NoScript");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Subject", { exact: true }).fill("A website that works everywhere");
    await form.getByLabel("Message", { exact: true }).fill("Our office proxy blocks scripts; can you help?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact#sent$/);
    await expect(page.getByRole("status").getByText("Message Sent!")).toBeVisible();
    await expect(page.getByText("Thank you for your message. We'll get back to you within 24 hours.")).toBeVisible();
    await storedAndSent(page.request, email, "Our office proxy blocks scripts", "Contact message: Nora NoScript");
  });

  test("free redesign: every message, the chosen budget kept, then Request Submitted!", async ({ page }) => {
    await page.goto("/free-redesign");
    const form = page.getByRole("form", { name: "Tell us about your website" });
    await form.getByLabel("Current website", { exact: true }).fill("not a url");
    await form.getByRole("button", { name: "Submit" }).click();
    await expectMessages(page, form, [
      ["Name", "Name must be at least 2 characters"],
      ["Email", "Please enter a valid email address"],
      ["Budget", "Please select a budget range"],
      ["Current website", /Please enter a valid website URL/],
      ["Project description", "Please provide at least 10 characters describing your project"],
    ]);
    await expect(form.getByLabel("Current website", { exact: true })).toHaveValue("not a url");

    const email = `nojs.redesign.${Date.now()}@example.co.uk`;
    await form.getByLabel("Name", { exact: true }).fill("Rex Redesign");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Budget", { exact: true }).selectOption({ label: "£5,000 – £10,000" });
    await form.getByLabel("Current website", { exact: true }).fill("https://rex-example.co.uk");
    await form.getByLabel("Project description", { exact: true }).fill("Slow on phones and impossible to update.");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/free-redesign#sent$/);
    await expect(page.getByRole("status").getByText("Request Submitted!")).toBeVisible();
    await storedAndSent(page.request, email, "Slow on phones", "Free redesign request: Rex Redesign");
  });

  test("Amco valuation: the messages, then Valuation Requested!", async ({ page }) => {
    await page.goto("/portfolio/amco-real-estate");
    const form = page.getByRole("form", { name: "Book A Valuation" });
    await form.getByLabel("Phone", { exact: true }).fill("call me");
    await form.getByRole("button", { name: "Book A Valuation" }).click();
    await expectMessages(page, form, [
      ["Phone", "Please enter a valid phone number"],
      ["Property address", "Please enter the property address"],
    ]);
    await expect(form.getByLabel("Phone", { exact: true })).toHaveValue("call me");

    const email = `nojs.valuation.${Date.now()}@example.co.uk`;
    await form.getByLabel("Name", { exact: true }).fill("Val NoScript");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Phone", { exact: true }).fill("0161 496 0000");
    await form.getByLabel("Property address", { exact: true }).fill("12 Deansgate, Manchester M3 2BW");
    await form.getByRole("button", { name: "Book A Valuation" }).click();
    await expect(page).toHaveURL(/\/portfolio\/amco-real-estate#sent$/);
    await expect(page.getByRole("status").getByText("Valuation Requested!")).toBeVisible();
    await storedAndSent(page.request, email, "12 Deansgate", "Valuation request: Val NoScript");
  });
});

test.describe("client previews with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the demo code unlocks the preview in the page's own HTML, and a reload keeps it", async ({ page }) => {
    await page.goto("/clients/vm-fitness");
    await page.getByLabel("Access Code").fill(demo.DEMO_PREVIEW_CODE);
    await page.getByRole("button", { name: "Access Preview" }).click();
    await expect(page).toHaveURL(/\/clients\/vm-fitness$/);
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("src", /^https:\/\//);
    await expect(frame).toHaveAttribute("title", "Website preview for VM Fitness");
    await page.reload();
    await expect(page.locator("iframe")).toBeVisible();
    await expect(page.getByRole("button", { name: "Access Preview" })).toHaveCount(0);
  });

  test("a card with no URL yet says Preview Coming Soon", async ({ page }) => {
    await page.goto("/clients/galvin-locksmiths");
    await page.getByLabel("Access Code").fill(demo.DEMO_PREVIEW_CODE);
    await page.getByRole("button", { name: "Access Preview" }).click();
    await expect(page.getByRole("heading", { name: "Preview Coming Soon" })).toBeVisible();
  });

  test("a wrong code shows the invalid message and stays locked", async ({ page }) => {
    await page.goto("/clients/jemrex");
    await page.getByLabel("Access Code").fill("not-the-code");
    await page.getByRole("button", { name: "Access Preview" }).click();
    await expect(page.getByLabel("Access Code")).toHaveAccessibleDescription("Invalid credentials. Please check your access code.");
    await expect(page.getByLabel("Access Code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("iframe")).toHaveCount(0);
  });
});

test.describe("staff sign-in with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a wrong password is refused on the page; the right one signs in and opens the CRM", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Email", { exact: true }).fill(staff.sales.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription("Invalid email or password");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(staff.sales.email);
    await page.getByLabel("Password", { exact: true }).fill(staff.sales.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/crm$/);
    const { user } = await expectStatus(api(page.request).auth.me.$get(), 200);
    expect(user.email).toBe(staff.sales.email);
  });
});

test("a preview unlocked without JavaScript hydrates as it is once scripts run, and works", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto("/clients/vm-fitness");
  await noScript.getByLabel("Access Code").fill(demo.DEMO_PREVIEW_CODE);
  await noScript.getByRole("button", { name: "Access Preview" }).click();
  await expect(noScript.locator("iframe")).toBeVisible();
  // Same cookie, scripts on: React takes over the server's unlocked HTML without re-rendering it.
  const page = await context
    .browser()!
    .newContext({ storageState: await context.storageState() })
    .then((c) => c.newPage());
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto("/clients/vm-fitness");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await expect(page.locator("iframe")).toHaveAttribute("title", "Website preview for VM Fitness");
  await page.getByRole("button", { name: "Leave feedback" }).click();
  await expect(page.getByRole("heading", { name: "Feedback" })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});

test("before React hydrates, Send Message is not lost: the server answers it", async ({ page }) => {
  // The page's scripts are held back: the page is painted and looks ready, but React is not running.
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((r) => setTimeout(r, 5_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto("/contact", { waitUntil: "load" });
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name must be at least 2 characters");
  await expect(form.getByLabel("Message", { exact: true })).toHaveAccessibleDescription("Message must be at least 10 characters");
});

test("what is typed before the form's script arrives is kept when it hydrates, and React then handles the form", async ({ page }) => {
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((r) => setTimeout(r, 1_500));
    await route.continue().catch(() => undefined);
  });
  await page.goto("/contact", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Name", { exact: true }).fill("Early Bird");
  await form.getByLabel("Subject", { exact: true }).fill("Typed before hydration");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  // The island hydrated on that first focus once its script came, over what was typed: the words are still there.
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Early Bird");
  await expect(form.getByLabel("Subject", { exact: true })).toHaveValue("Typed before hydration");
  await form.getByRole("button", { name: "Send Message" }).click();
  // Answered in the page by React (no navigation): the missing fields' messages, the typed ones kept.
  await expect(form.getByLabel("Message", { exact: true })).toHaveAccessibleDescription("Message must be at least 10 characters");
  await expect(page).toHaveURL(/\/contact$/);
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Early Bird");
});
