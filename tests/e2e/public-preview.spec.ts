/** Client previews: the demo code unlocks and a reload stays unlocked; a wrong code is refused. */
import { expect, test } from "./fixtures";
import { demo } from "./support";

test("a preview unlocks with the demo code and stays unlocked after reload", async ({ page }) => {
  await page.goto("/clients/vm-fitness");
  await expect(page.getByRole("heading", { level: 1, name: "Client Preview" })).toBeVisible();
  await expect(page.getByText("Enter your access code to view the preview")).toBeVisible();
  await page.getByLabel("Access Code").fill(demo.DEMO_PREVIEW_CODE);
  await page.getByRole("button", { name: "Access Preview" }).click();
  await expect(page.getByText("Access granted")).toBeVisible();
  await expect(page.getByText("Welcome, VM Fitness!")).toBeVisible();
  const frame = page.locator("iframe");
  await expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-same-origin allow-popups allow-forms");
  await expect(frame).toHaveAttribute("src", /^https:\/\//);
  await expect(page.getByRole("link", { name: "Open in new tab" })).toBeVisible();

  await page.reload();
  await expect(page.locator("iframe")).toBeVisible();
  await expect(page.getByRole("button", { name: "Access Preview" })).toHaveCount(0);
});

test("a preview without a URL shows Preview Coming Soon and the Get Website mail link", async ({ page }) => {
  await page.goto("/clients/galvin-locksmiths");
  await page.getByLabel("Access Code").fill(demo.DEMO_PREVIEW_CODE);
  await page.getByRole("button", { name: "Access Preview" }).click();
  await expect(page.getByRole("heading", { name: "Preview Coming Soon" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Website" })).toHaveAttribute(
    "href",
    `mailto:hello@redbrickstudio.co.uk?subject=${encodeURIComponent("Galvin Locksmiths - Get Website")}`,
  );
});

test("a right code after a wrong one replaces the Access denied toast with Access granted", async ({ page }) => {
  await page.goto("/clients/vm-fitness");
  await page.getByLabel("Access Code").fill("not-the-code");
  await page.getByRole("button", { name: "Access Preview" }).click();
  const toasts = page.locator("[data-sonner-toast]");
  await expect(toasts.filter({ hasText: "Access denied" })).toBeVisible();
  await page.getByLabel("Access Code").fill(demo.DEMO_PREVIEW_CODE);
  await page.getByRole("button", { name: "Access Preview" }).click();
  await expect(toasts.filter({ hasText: "Access granted" })).toBeVisible();
  await expect(toasts.filter({ hasText: "Access denied" })).toHaveCount(0);
});

test("a wrong code shows the invalid message and stays locked", async ({ page }) => {
  await page.goto("/clients/jemrex");
  await page.getByLabel("Access Code").fill("not-the-code");
  await page.getByRole("button", { name: "Access Preview" }).click();
  await expect(page.getByText("Invalid credentials. Please check your access code.").first()).toBeVisible();
  await expect(page.getByLabel("Access Code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("iframe")).toHaveCount(0);
});

test("a remembered unlock whose cookie has gone does not lock the preview again once the code is entered", async ({ page }) => {
  // This browser unlocked the preview before (the page's hint) but its cookie is gone: the page
  // asks the worker, and the answer, "locked", arrives only after the visitor has typed the code.
  await page.addInitScript(() => localStorage.setItem("preview-unlocked:vm-fitness", String(Date.now() + 60 * 60 * 1000)));
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route("**/api/previews/vm-fitness", async (route) => {
    // Asked now, before any unlock; delivered late.
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  const asked = page.waitForRequest((r) => r.method() === "GET" && r.url().endsWith("/api/previews/vm-fitness"));
  await page.goto("/clients/vm-fitness");
  await asked;
  await page.getByLabel("Access Code").fill(demo.DEMO_PREVIEW_CODE);
  await page.getByRole("button", { name: "Access Preview" }).click();
  await expect(page.locator("iframe")).toBeVisible();

  const answered = page.waitForResponse((r) => r.request().method() === "GET" && r.url().endsWith("/api/previews/vm-fitness"));
  answer();
  expect(await (await answered).json()).toEqual({ success: false, client: null });
  // A few frames for the page to act on it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)));
  await expect(page.locator("iframe")).toBeVisible();
  await expect(page.getByLabel("Access Code")).toHaveCount(0);
});
