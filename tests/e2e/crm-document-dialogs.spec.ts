/**
 * The invoice and proposal dialogs as they are filled in: a line's description has the line's
 * whole width and shows everything typed, at a desk and on a phone; a proposal's two dates say
 * what each does.
 */
import { expect, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

const LONG_DESCRIPTION =
  "Design and build of the new booking pages, with the class timetable, online payments and a members' area for regulars";

const sizes = [
  { name: "at a desk", width: 1280, height: 900 },
  { name: "on a phone", width: 390, height: 844 },
];

/** Every input of the line as drawn, and whether the description shows all of its text. */
async function measure(line: Locator) {
  return line.evaluate((el) => {
    const description = el.querySelector<HTMLTextAreaElement | HTMLInputElement>("[name$='.description']")!;
    const others = [...el.querySelectorAll<HTMLInputElement>("input")].filter((i) => i !== description);
    const inner = el.getBoundingClientRect().width - 2 * parseFloat(getComputedStyle(el).paddingLeft);
    return {
      description: description.getBoundingClientRect().width,
      widestOther: Math.max(...others.map((i) => i.getBoundingClientRect().width)),
      inner,
      hiddenAcross: description.scrollWidth - description.clientWidth,
      hiddenDown: description.scrollHeight - description.clientHeight,
    };
  });
}

async function expectDescriptionReadable(page: Page, line: Locator) {
  await line.getByLabel("Description").fill(LONG_DESCRIPTION);
  await expect(line.getByLabel("Description")).toHaveValue(LONG_DESCRIPTION);
  const m = await measure(line);
  expect(m.description, "the description is the line's widest field").toBeGreaterThan(m.widestOther);
  expect(m.description, "and spans the line").toBeGreaterThanOrEqual(m.inner - 2);
  expect(m.hiddenAcross, "no text scrolled out of view sideways").toBeLessThanOrEqual(1);
  expect(m.hiddenDown, "no text scrolled out of view below").toBeLessThanOrEqual(1);
  // Nothing in the line pushes the page sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const size of sizes) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    // The shared tab takes the viewport option as a page does: a phone's size, not the default.
    test.beforeEach(async ({ ownerTab }) => {
      expect(ownerTab.viewportSize()).toEqual({ width: size.width, height: size.height });
    });

    test("an invoice line's description is its widest field and shows all that is typed", async ({ ownerTab: page }) => {
      await page.goto("/crm/invoices");
      await page.getByRole("button", { name: "New Invoice" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Invoice" });
      await expectDescriptionReadable(page, dialog.getByTestId("invoice-line").first());
    });

    test("a proposal line's description is its widest field and shows all that is typed", async ({ ownerTab: page }) => {
      await page.goto("/crm/proposals");
      await page.getByRole("button", { name: "New Proposal" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Proposal" });
      await dialog.getByRole("button", { name: "Add Line" }).click();
      await expectDescriptionReadable(page, dialog.getByTestId("proposal-line").first());
    });
  });
}

test("the proposal dialog says what Due Date and Valid Until each do", async ({ ownerTab: page }) => {
  await page.goto("/crm/proposals");
  await page.getByRole("button", { name: "New Proposal" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Proposal" });
  await expect(dialog.getByLabel("Due Date", { exact: true })).toHaveAccessibleDescription(
    "When you want the client's answer by. Only the studio sees it; the dashboard's forecast counts the deal in its month when Valid Until is empty.",
  );
  await expect(dialog.getByLabel("Valid Until", { exact: true })).toHaveAccessibleDescription(
    "The client can accept until this date; after it, their link says the offer has expired.",
  );
});
