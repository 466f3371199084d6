/**
 * The payment schedule editor (docs/decisions/0061-payment-schedules.md), one component in two
 * places: a proposal's Payment Schedule in its dialog, priced as the lines and shares are typed,
 * and Settings → Studio Details' Default Payment Schedule, which a new proposal starts with.
 */
import type { APIRequestContext, Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createLead, tag, withStudioSettings } from "./support";
import { TERMS_PAYMENT_SCHEDULE, type PaymentSchedule } from "../../contract/payment-schedule-values";

/** Saves the studio's default schedule through the API, keeping the other details as they are. */
async function saveDefaultSchedule(request: APIRequestContext, schedule: PaymentSchedule) {
  const current = (await (await request.get("/api/crm/settings")).json()) as { settings: object; updated_at: string | null };
  const saved = await request.put("/api/crm/settings", {
    data: { ...current.settings, default_payment_schedule: schedule, updated_at: current.updated_at },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
}

const row = (editor: Locator, n: number) => editor.getByRole("group", { name: `Instalment ${n}`, exact: true });

test("a proposal's schedule is priced as it is typed, says by how much it is off, and is saved as shown", async ({ ownerTab: page }) => {
  const lead = await createLead(page.request, { name: `Schedule Lead ${tag()}` });
  const title = `Shop build ${tag()}`;
  await withStudioSettings(async () => {
    await saveDefaultSchedule(page.request, TERMS_PAYMENT_SCHEDULE);
    await page.goto("/crm/proposals");
    await page.getByRole("button", { name: "New Proposal" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Proposal" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Lead").selectOption({ label: lead.name });
    const editor = dialog.getByRole("group", { name: "Payment Schedule" });
    const status = editor.getByRole("status");
    // The studio's default, the Terms': priced once there is a total.
    await expect(row(editor, 1).getByLabel("Label")).toHaveValue("Deposit");
    await expect(row(editor, 2).getByLabel("Due")).toHaveValue("on_launch_approval");
    await expect(editor.getByTestId("schedule-amount")).toHaveText(["Amount —", "Amount —"]);
    await dialog.getByRole("button", { name: "Add Line" }).click();
    // An empty line is refused with its messages under it, read out with the fields in error.
    await dialog.getByRole("button", { name: "Add Proposal" }).click();
    const line = dialog.getByTestId("proposal-line");
    await expect(line.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
    await expect(line.getByLabel("Description")).toHaveAccessibleDescription("Description is required. Price is required");
    await expect(line.getByLabel("Qty")).not.toHaveAttribute("aria-invalid");
    await dialog.getByTestId("proposal-line").getByLabel("Description").fill("Shop build");
    await dialog.getByTestId("proposal-line").getByLabel("Unit Price (£)").fill("2400");
    await expect(editor.getByTestId("schedule-amount")).toHaveText(["Amount £1,200.00", "Amount £1,200.00"]);
    await expect(status).toHaveText("Adds up to the total");

    // A fixed balance in pounds: off by what it leaves, and saving is refused until it adds up.
    await row(editor, 2).getByLabel("Share in").selectOption("£");
    await row(editor, 2).getByLabel("Share", { exact: true }).fill("1000");
    await expect(editor.getByTestId("schedule-amount")).toHaveText(["Amount £1,200.00", "Amount £1,000.00"]);
    await expect(status).toHaveText("The payment schedule is £200.00 short of the total");
    await dialog.getByRole("button", { name: "Add Proposal" }).click();
    await expect(dialog).toBeVisible();
    await expect(status).toHaveClass(/text-red-700/);

    // Added from the keyboard: the next label, what is left, and the next step of the project.
    await editor.getByRole("button", { name: "Add Instalment" }).focus();
    await page.keyboard.press("Enter");
    await expect(row(editor, 3).getByLabel("Label")).toHaveValue("Instalment 3");
    await expect(row(editor, 3).getByLabel("Share", { exact: true })).toHaveValue("200");
    await expect(row(editor, 3).getByLabel("Share in")).toHaveValue("amount");
    await expect(row(editor, 3).getByLabel("Due")).toHaveValue("on_completion");
    await expect(status).toHaveText("Adds up to the total");
    await row(editor, 3).getByLabel("Label").fill("Hosting set-up");
    await row(editor, 3).getByLabel("Due").selectOption("On a date");
    // A date is asked for only "On a date"; saving without one says so beside it.
    await dialog.getByRole("button", { name: "Add Proposal" }).click();
    await expect(row(editor, 3).getByText("Choose the date it falls due")).toBeVisible();
    await expect(row(editor, 3).getByLabel("Date", { exact: true })).toHaveAccessibleDescription("Choose the date it falls due");
    await expect(row(editor, 3).getByLabel("Label")).not.toHaveAttribute("aria-invalid");
    await row(editor, 3).getByLabel("Date", { exact: true }).fill("2027-01-15");
    await dialog.getByRole("button", { name: "Add Proposal" }).click();
    await expect(page.getByText("Proposal added successfully")).toBeVisible();

    const { proposals } = (await (await page.request.get("/api/crm/proposals")).json()) as {
      proposals: { title: string; payment_schedule: unknown }[];
    };
    expect(proposals.find((p) => p.title === title)?.payment_schedule).toEqual([
      { label: "Deposit", share_kind: "percent", share: 50, due: "on_acceptance", due_date: null, amount: 1200 },
      { label: "Balance", share_kind: "amount", share: 1000, due: "on_launch_approval", due_date: null, amount: 1000 },
      { label: "Hosting set-up", share_kind: "amount", share: 200, due: "on_date", due_date: "2027-01-15", amount: 200 },
    ]);
  });

  // Edited on a phone: the rows fit its width, and a removed row is gone from what is saved.
  await page.setViewportSize({ width: 360, height: 780 });
  const card = page.getByTestId("proposal-card").filter({ hasText: title });
  await card.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Proposal" });
  const editor = edit.getByRole("group", { name: "Payment Schedule" });
  await expect(row(editor, 3).getByLabel("Date", { exact: true })).toHaveValue("2027-01-15");
  expect(await edit.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await editor.getByRole("button", { name: "Remove instalment 3" }).click();
  await expect(editor.getByRole("status")).toHaveText("The payment schedule is £200.00 short of the total");
  await row(editor, 2).getByLabel("Share", { exact: true }).fill("1200");
  await expect(editor.getByRole("status")).toHaveText("Adds up to the total");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Proposal updated successfully")).toBeVisible();
  const saved = (await (await page.request.get("/api/crm/proposals")).json()) as {
    proposals: { title: string; payment_schedule: { label: string; amount: number }[] }[];
  };
  expect(saved.proposals.find((p) => p.title === title)?.payment_schedule.map((i) => [i.label, i.amount])).toEqual([
    ["Deposit", 1200],
    ["Balance", 1200],
  ]);
});

test("Settings' default schedule is in percentages that make 100%, and a new proposal starts with it", async ({ ownerTab: page }) => {
  await withStudioSettings(async () => {
    try {
      await saveDefaultSchedule(page.request, TERMS_PAYMENT_SCHEDULE);
      await page.goto("/crm/settings");
      const studio = page.getByRole("region", { name: "Studio Details" });
      const editor = studio.getByRole("group", { name: "Default Payment Schedule" });
      await row(editor, 1).getByLabel("Share", { exact: true }).fill("40");
      await row(editor, 2).getByLabel("Share", { exact: true }).fill("40");
      await expect(editor.getByRole("status")).toHaveText("The payment schedule's percentages add up to 80%, not 100%");
      // Percentages only, and no dates: each proposal's total and dates are its own.
      await expect(editor.getByLabel("Share in")).toHaveCount(0);
      await expect(row(editor, 1).getByLabel("Due").locator("option")).toHaveText([
        "On acceptance",
        "On launch approval",
        "On project completion",
      ]);
      await editor.getByRole("button", { name: "Add Instalment" }).click();
      await expect(row(editor, 3).getByLabel("Share", { exact: true })).toHaveValue("20");
      await row(editor, 3).getByLabel("Label").fill("Completion");
      await expect(editor.getByRole("status")).toHaveText("Adds up to 100%");
      await studio.getByRole("button", { name: "Save Studio Details" }).click();
      await expect(page.getByText("Studio details saved")).toBeVisible();

      await page.reload();
      await expect(row(editor, 3).getByLabel("Label")).toHaveValue("Completion");

      await page.goto("/crm/proposals");
      await page.getByRole("button", { name: "New Proposal" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Proposal" });
      const schedule = dialog.getByRole("group", { name: "Payment Schedule" });
      await dialog.getByRole("button", { name: "Add Line" }).click();
      await dialog.getByTestId("proposal-line").getByLabel("Unit Price (£)").fill("1000.01");
      await expect(schedule.getByTestId("schedule-amount")).toHaveText(["Amount £400.00", "Amount £400.00", "Amount £200.01"]);
    } finally {
      await saveDefaultSchedule(page.request, TERMS_PAYMENT_SCHEDULE);
    }
  });
});
