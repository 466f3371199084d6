/**
 * The contact and free-redesign forms: each docs/spec.md §5 message shows beside its field, then a valid
 * submission succeeds, the form resets, the lead is in the CRM and the studio is e-mailed.
 * While a request is in flight the button says so and is disabled. Each test finds its own
 * notification in the shared studio inbox by the enquirer's unique address.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { api, expectStatus, latestMailTo, signIn } from "./support";

const INBOX = "hello@redbrickstudio.co.uk";

/** The toast saying `title`: exactly one (two toasters would show it twice), apart from the form's own confirmation. */
const toasted = (page: Page, title: string) => page.locator("[data-sonner-toast]").getByText(title, { exact: true });

async function leadExists(page: Page, email: string) {
  await signIn(page.request);
  const { leads } = await expectStatus(api(page.request).crm.leads.$get({ query: { q: email } }), 200);
  expect(leads).toEqual([expect.objectContaining({ email, source: "Website" })]);
}

test.describe.configure({ mode: "serial" });

test("contact form: each validation message, then Message Sent!, a lead and a notification", async ({ page }) => {
  await page.goto("/contact?utm_source=e2e");
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByRole("button", { name: "Send Message" }).click();
  for (const [label, message] of [
    ["Name", "Name must be at least 2 characters"],
    ["Email", "Please enter a valid email address"],
    ["Subject", "Subject must be at least 5 characters"],
    ["Message", "Message must be at least 10 characters"],
  ]) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
  }

  const email = `contact.${Date.now()}@example.co.uk`;
  await form.getByLabel("Name", { exact: true }).fill("Olivia Test");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Subject", { exact: true }).fill("A new website for my bakery");
  await form.getByLabel("Message", { exact: true }).fill("We need a simple site with our menu and opening hours.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(toasted(page, "Message Sent!")).toBeVisible();
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
  // The confirmation also stays on the page, as it does after a native post, once the toast has gone.
  const confirmation = form.getByRole("status").filter({ hasText: "Message Sent!" });
  await expect(confirmation).toContainText("Thank you for your message. We'll get back to you within 24 hours.");
  await expect(toasted(page, "Message Sent!")).toBeHidden({ timeout: 15_000 });
  await expect(confirmation).toBeVisible();

  await leadExists(page, email);
  const mail = await latestMailTo(page.request, INBOX, email);
  expect(mail.subject).toBe("Contact message: Olivia Test");
  expect(mail.text).toContain(email);
});

test("free redesign form: each validation message, then Request Submitted!, a lead and a notification", async ({ page }) => {
  await page.goto("/free-redesign");
  const form = page.getByRole("form", { name: "Tell us about your website" });
  await form.getByLabel("Current website").fill("not a url");
  await form.getByRole("button", { name: "Submit" }).click();
  for (const [label, message] of [
    ["Name", "Name must be at least 2 characters"],
    ["Email", "Please enter a valid email address"],
    ["Budget", "Please select a budget range"],
    ["Current website", "Please enter a valid website URL"],
    ["Project description", "Please provide at least 10 characters describing your project"],
  ]) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(new RegExp(message));
  }

  const email = `redesign.${Date.now()}@example.co.uk`;
  await form.getByLabel("Name", { exact: true }).fill("Theo Redesign");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Budget", { exact: true }).selectOption({ label: "£5,000 – £10,000" });
  await form.getByLabel("Current website", { exact: true }).fill("https://theo-example.co.uk");
  await form.getByLabel("Project description", { exact: true }).fill("Our current site is slow and hard to update on mobile.");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(toasted(page, "Request Submitted!")).toBeVisible();
  await expect(form.getByRole("status").filter({ hasText: "Request Submitted!" })).toBeVisible();
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");

  await leadExists(page, email);
  const mail = await latestMailTo(page.request, INBOX, email);
  expect(mail.subject).toBe("Free redesign request: Theo Redesign");
  expect(mail.text).toContain(email);
});

test("Amco's Book A Valuation form becomes a lead", async ({ page }) => {
  await page.goto("/portfolio/amco-real-estate");
  const form = page.getByRole("form", { name: "Book A Valuation" });
  await form.getByRole("button", { name: "Book A Valuation" }).click();
  await expect(form.getByLabel("Phone", { exact: true })).toHaveAccessibleDescription("Please enter a valid phone number");
  await expect(form.getByLabel("Property address", { exact: true })).toHaveAccessibleDescription("Please enter the property address");
  const email = `valuation.${Date.now()}@example.co.uk`;
  await form.getByLabel("Name", { exact: true }).fill("Vera Valuation");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Phone", { exact: true }).fill("0161 496 0000");
  await form.getByLabel("Property address", { exact: true }).fill("12 Deansgate, Manchester M3 2BW");
  await form.getByRole("button", { name: "Book A Valuation" }).click();
  // Answered by the island (a toast and the confirmation) or, before it runs, by the server (the confirmation alone).
  await expect(form.getByRole("status").filter({ hasText: "Valuation Requested!" })).toBeVisible();
  await leadExists(page, email);
});

test("validating a form breaks no Content Security Policy rule", async ({ page }) => {
  // zod probes `new Function` unless told not to; the browser reports the blocked probe.
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`));
  });
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name must be at least 2 characters");
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
});

/**
 * Holds the form's POST until `release` is called, then lets it through to the worker, so the
 * in-flight state can be seen however fast the server answers. One real submission each.
 */
async function holdPost(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  return release;
}

test("contact form: the button reads Sending... and cannot be pressed again while the message is on its way", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Name", { exact: true }).fill("Pending Test");
  await form.getByLabel("Email", { exact: true }).fill(`pending.${Date.now()}@example.co.uk`);
  await form.getByLabel("Subject", { exact: true }).fill("Checking the busy button");
  await form.getByLabel("Message", { exact: true }).fill("This message is held in flight for a moment.");
  const release = await holdPost(page, "/api/contact");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(toasted(page, "Message Sent!")).toBeVisible();
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
});

test("free redesign form: the button reads Submitting... and cannot be pressed again while the request is on its way", async ({ page }) => {
  await page.goto("/free-redesign");
  const form = page.getByRole("form", { name: "Tell us about your website" });
  await form.getByLabel("Name", { exact: true }).fill("Pending Redesign");
  await form.getByLabel("Email", { exact: true }).fill(`pending.redesign.${Date.now()}@example.co.uk`);
  await form.getByLabel("Budget", { exact: true }).selectOption({ label: "£5,000 – £10,000" });
  await form.getByLabel("Project description", { exact: true }).fill("This request is held in flight for a moment.");
  const release = await holdPost(page, "/api/redesign");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  release();
  await expect(toasted(page, "Request Submitted!")).toBeVisible();
  await expect(form.getByRole("button", { name: "Submit", exact: true })).toBeEnabled();
});

test("once a flash has loaded the public toaster, a form's answer is still toasted once", async ({ page }) => {
  await signIn(page.request);
  await page.goto("/crm");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Signed Out", { exact: true })).toBeVisible();
  // A link, not a reload: the layout and the toaster it loaded stay mounted.
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Name", { exact: true }).fill("Olivia Once");
  await form.getByLabel("Email", { exact: true }).fill(`once.${Date.now()}@example.co.uk`);
  await form.getByLabel("Subject", { exact: true }).fill("Just the one toast please");
  await form.getByLabel("Message", { exact: true }).fill("Checking that the answer shows a single time.");
  await form.getByRole("button", { name: "Send Message" }).click();
  // Strict: two toasters would each show it, and this would match twice.
  await expect(toasted(page, "Message Sent!")).toBeVisible();
  await expect(page.locator("[data-sonner-toaster]")).toHaveCount(1);
});
