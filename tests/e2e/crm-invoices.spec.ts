/**
 * Invoices: one added in its dialog and its print page (VAT or none, missing bank details); Mark as
 * paid, what the list says is owed, its status filter, and a line added in Edit.
 */
import { isLate, isOwed } from "../../contract/invoice-values";
import { expect, test } from "./fixtures";
import type { Invoice, InvoiceInput } from "../../contract/invoice";
import { readFile } from "node:fs/promises";
import { api, createClient, expectStatus, signIn, withStudioSettings } from "./support";

/** Today in London plus `days`, as YYYY-MM-DD. */
function daysFromToday(days: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "26 Nov 2026", as the CRM writes a date. */
const formatLondon = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${iso}T12:00:00Z`),
  );

test("create an invoice and open its print page", async ({ page }) => {
  test.slow(); // It may wait for another test to finish with the studio settings.
  await withStudioSettings(async () => {
    let restoreSettings: (() => Promise<void>) | undefined;
    try {
      await signIn(page.request);
      const stamp = Date.now();
      const { crm } = api(page.request);
      const clientId = (await createClient(page.request, { name: `Invoice Client ${stamp}` })).id;
      await expectStatus(crm.projects.$post({ json: { title: `Invoice Project ${stamp}`, client_id: clientId } }), 201);
      // Studio details with a VAT number, so the printed invoice shows its VAT line. The studio's own
      // details are put back at the end, for the tests that need its bank details.
      const current = await expectStatus(crm.settings.$get(), 200);
      restoreSettings = async () => {
        const now = await expectStatus(crm.settings.$get(), 200);
        const put = await crm.settings.$put({ json: { ...current.settings, updated_at: now.updated_at } });
        expect(put.ok).toBeTruthy();
      };
      const saved = await crm.settings.$put({
        json: {
          studio_name: "Redbrick Studio",
          address: "1 Brick Lane\nManchester M4 1AA",
          vat_number: "GB 123 4567 89",
          updated_at: current.updated_at,
        },
      });
      expect(saved.ok).toBeTruthy();

      await page.goto("/crm/invoices");
      await page.getByRole("button", { name: "New Invoice" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Invoice" });
      // The next number of the one invoice series (docs/decisions/0063).
      await expect(dialog.getByLabel("Invoice Number")).toHaveValue(/^INV-\d{4,}$/);
      const number = `INV-E2E-${stamp}`;
      await dialog.getByLabel("Invoice Number").fill(number);
      await dialog.getByLabel("Client").selectOption({ label: `Invoice Client ${stamp}` });
      await dialog.getByLabel("Project").selectOption({ label: `Invoice Project ${stamp}` });
      // Due after the studio's payment terms (14 days unless set) until a date is typed.
      await expect(dialog.getByLabel("Due Date")).toHaveValue(daysFromToday(14));
      const lines = dialog.getByTestId("invoice-line");
      await lines.nth(0).getByLabel("Description").fill("Website build");
      await lines.nth(0).getByLabel("Unit Price (£)").fill("1000");
      await dialog.getByRole("button", { name: "Add Line" }).click();
      await lines.nth(1).getByLabel("Description").fill("Copywriting, per page");
      await lines.nth(1).getByLabel("Qty").fill("2");
      await lines.nth(1).getByLabel("Unit Price (£)").fill("117.25");
      await expect(dialog.getByTestId("invoice-total")).toHaveText("£1,234.50");
      await dialog.getByLabel("Due Date").fill("2026-12-31");
      await dialog.getByRole("button", { name: "Add Invoice" }).click();
      await expect(page.getByText("Invoice added successfully")).toBeVisible();

      const card = page.getByTestId("invoice-card").filter({ hasText: number });
      await expect(card.getByText("£1,234.50")).toBeVisible();
      await card.getByRole("link", { name: `Print ${number}` }).click();
      const sheet = page.getByRole("article", { name: `Invoice ${number}` });
      await expect(sheet).toContainText(`Invoice Client ${stamp}`);
      await expect(sheet).toContainText(`Invoice Project ${stamp}`);
      await expect(sheet).toContainText("£1,234.50");
      await expect(sheet).toContainText("31 Dec 2026");
      await expect(sheet).toContainText("Manchester M4 1AA");
      await expect(sheet).toContainText("VAT No. GB 123 4567 89");
      await expect(sheet.getByRole("row", { name: "Copywriting, per page 2 £117.25 £234.50" })).toBeVisible();
      await expect(sheet.getByRole("row", { name: "Website build 1 £1,000.00 £1,000.00" })).toBeVisible();
      // The total includes VAT at 20%: £1,234.50 = £1,028.75 net + £205.75 VAT.
      await expect(sheet.getByRole("row", { name: "Net (excl. VAT) £1,028.75" })).toBeVisible();
      await expect(sheet.getByRole("row", { name: "VAT at 20% £205.75" })).toBeVisible();
      // Without a VAT number (the studio is not registered) the invoice shows no VAT at all.
      const withVat = await expectStatus(crm.settings.$get(), 200);
      const cleared = await crm.settings.$put({
        json: {
          studio_name: "Redbrick Studio",
          address: "1 Brick Lane\nManchester M4 1AA",
          vat_number: null,
          updated_at: withVat.updated_at,
        },
      });
      expect(cleared.ok).toBeTruthy();
      await page.reload();
      await expect(sheet).toContainText("£1,234.50");
      await expect(sheet).not.toContainText("VAT");
      // No bank details saved: the page says so and asks before printing.
      await expect(page.getByRole("note")).toContainText(
        "Studio Details are incomplete. This invoice would print without your bank details",
      );
      await page.getByRole("button", { name: "Print" }).click();
      const confirm = page.getByRole("dialog", { name: "Print an incomplete invoice?" });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("note").getByRole("link", { name: "Add them in Settings" })).toHaveAttribute("href", "/crm/settings");
      await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
      await page.emulateMedia({ media: "print" });
      // Printing hides the CRM chrome.
      await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    } finally {
      await restoreSettings?.();
    }
  });
});

test("Mark as paid records the paid date; the list says what is owed and filters by status", async ({ ownerTab: page }) => {
  const stamp = Date.now();
  const client = (await createClient(page.request, { name: `Owing ${stamp}` })).id;
  const { crm } = api(page.request);
  const add = (number: string, status: InvoiceInput["status"], total: number, due: string) =>
    expectStatus(crm.invoices.$post({ json: { number, client_id: client, total, date: "2026-01-01", due_date: due, status } }), 201);
  await add(`INV-OWE-${stamp}-1`, "Sent", 300, "2099-01-01");
  await add(`INV-OWE-${stamp}-2`, "Sent", 200.5, "2026-01-15"); // past due: overdue though still Sent
  await add(`INV-OWE-${stamp}-3`, "Draft", 999, "2099-01-01"); // not yet asked for
  await page.goto("/crm/invoices");
  const outstanding = page.getByTestId("invoices-outstanding");
  const overdue = page.getByTestId("invoices-overdue");
  const pounds = async (l: typeof outstanding) => Number((await l.textContent())!.replace(/[£,]/g, ""));
  /**
   * What the page shows less what every other client's invoices owe, as the records say: the
   * other worker's tests add and share invoices meanwhile, and the list shows them live, so a
   * figure read before this test's invoices would not stay put. Polled until both sides agree.
   */
  const ours = async (figure: typeof outstanding, counts: (invoice: Invoice) => boolean) => {
    const { invoices } = await expectStatus(crm.invoices.$get(), 200);
    const others = invoices.filter((i) => i.client_id !== client && counts(i));
    return (await pounds(figure)) - others.reduce((sum, i) => sum + i.total, 0);
  };
  const owing = () => ours(outstanding, isOwed);
  const late = () => ours(overdue, (i) => isLate(i, daysFromToday(0)));

  await expect.poll(owing).toBeCloseTo(500.5, 2);
  await expect.poll(late).toBeCloseTo(200.5, 2);

  const card = page.getByTestId("invoice-card").filter({ hasText: `INV-OWE-${stamp}-1` });
  await card.getByRole("button", { name: `Mark as paid: INV-OWE-${stamp}-1` }).click();
  await page.getByRole("dialog", { name: "Mark as paid" }).getByRole("button", { name: "Mark as paid" }).click();
  await expect(page.getByText(`INV-OWE-${stamp}-1 marked as paid`)).toBeVisible();
  await expect(card.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(card.getByRole("button", { name: /Mark as paid/ })).toHaveCount(0);
  await expect(card).toContainText(formatLondon(daysFromToday(0)));
  await expect.poll(owing).toBeCloseTo(200.5, 2);

  // The status filter is in the URL, and the totals above still count every invoice.
  await page.getByLabel("Filter by status").selectOption("Draft");
  await expect(page).toHaveURL(/status=Draft/);
  await expect(page.getByTestId("invoice-card").filter({ hasText: `INV-OWE-${stamp}-3` })).toBeVisible();
  await expect(page.getByTestId("invoice-card").filter({ hasText: `INV-OWE-${stamp}-1` })).toHaveCount(0);
  await expect.poll(owing).toBeCloseTo(200.5, 2);
  await page.reload();
  await expect(page.getByLabel("Filter by status")).toHaveValue("Draft");

  // Editing a line keeps the others and works the total out again.
  const draft = page.getByTestId("invoice-card").filter({ hasText: `INV-OWE-${stamp}-3` });
  await draft.getByRole("button", { name: `Edit INV-OWE-${stamp}-3` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Invoice" });
  await edit.getByRole("button", { name: "Add Line" }).click();
  await edit.getByTestId("invoice-line").nth(1).getByLabel("Description").fill("Rush fee");
  await edit.getByTestId("invoice-line").nth(1).getByLabel("Unit Price (£)").fill("1");
  await expect(edit.getByTestId("invoice-total")).toHaveText("£1,000.00");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Invoice updated successfully")).toBeVisible();
  await expect(draft.getByText("£1,000.00")).toBeVisible();
});

test("Export for Xero: the Owner's account code in Settings, and a period's sent invoices as Xero's import file", async ({
  ownerTab: page,
}) => {
  const stamp = Date.now();
  const { crm } = api(page.request);
  const client = (await createClient(page.request, { name: `Xero Client ${stamp}` })).id;
  // A month of its own, so no other test's invoices (nor a retry's) are likely to fall in it; its rows are picked out anyway.
  const day = `${2040 + (stamp % 50)}-0${(Math.floor(stamp / 50) % 9) + 1}-15`;
  await expectStatus(
    crm.invoices.$post({
      json: {
        number: `INV-XERO-${stamp}`,
        client_id: client,
        date: day,
        due_date: day,
        status: "Sent",
        lines: [
          { description: "Design, three pages", quantity: 3, unit_price: 400 },
          { description: "Hosting", quantity: 1, unit_price: 99.5 },
        ],
      },
    }),
    201,
  );
  await expectStatus(
    crm.invoices.$post({ json: { number: `INV-XDRAFT-${stamp}`, client_id: client, date: day, due_date: day, total: 5, status: "Draft" } }),
    201,
  );

  const code = String(4000 + (stamp % 999));
  await page.goto("/crm/settings");
  const xero = page.getByRole("region", { name: "Xero Export" });
  await xero.getByLabel("Account Code").fill(code);
  await xero.getByLabel("Tax Type").fill("No VAT");
  await xero.getByRole("button", { name: "Save Xero Settings" }).click();
  await expect(page.getByText("Xero export settings saved")).toBeVisible();

  await page.goto("/crm/invoices");
  await page.getByRole("button", { name: "Export for Xero" }).click();
  const dialog = page.getByRole("dialog", { name: "Export for Xero" });
  await dialog.getByLabel("From").fill(`${day.slice(0, 8)}01`);
  await dialog.getByLabel("To").fill(`${day.slice(0, 8)}28`);
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`xero-invoices-${day.slice(0, 8)}01-to-${day.slice(0, 8)}28.csv`);
  const lines = (await readFile((await file.path())!, "utf8")).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(
    /^\*ContactName,EmailAddress,.*\*InvoiceNumber,Reference,\*InvoiceDate,\*DueDate,.*\*TaxType,.*Currency,BrandingTheme$/,
  );
  const [d, m, y] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
  expect(lines.filter((l) => l.includes(`INV-XDRAFT-${stamp}`))).toEqual([]);
  expect(lines.slice(1).filter((l) => l.includes(`,INV-XERO-${stamp},`))).toEqual([
    expect.stringMatching(
      new RegExp(
        `^Xero Client ${stamp},.*,INV-XERO-${stamp},,${d}/${m}/${y},${d}/${m}/${y},,"Design, three pages",3,400.00,,${code},No VAT,.*GBP,$`,
      ),
    ),
    expect.stringMatching(
      new RegExp(`^Xero Client ${stamp},.*,INV-XERO-${stamp},,${d}/${m}/${y},${d}/${m}/${y},,Hosting,1,99.50,,${code},No VAT,.*GBP,$`),
    ),
  ]);
  await expect(page.getByText(/^Exported \d+ invoices? for Xero$/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("the Owner adds a late-payment charge to a business's overdue invoice, with the figures worked out", async ({ ownerTab: page }) => {
  const stamp = Date.now();
  const { crm } = api(page.request);
  const client = (await createClient(page.request, { name: `Late Payer ${stamp}` })).id;
  const number = `INV-LATE-${stamp}`;
  // Due 15 August 2025: the base rate on 30 June 2025 (4.25%) is among those shipped.
  await expectStatus(
    crm.invoices.$post({
      json: {
        number,
        client_id: client,
        date: "2025-07-15",
        due_date: "2025-08-15",
        status: "Sent",
        lines: [{ description: "Build", quantity: 1, unit_price: 1000 }],
      },
    }),
    201,
  );
  await page.goto("/crm/invoices");
  await page
    .getByTestId("invoice-card")
    .filter({ hasText: number })
    .getByRole("button", { name: `Add late-payment charge: ${number}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Add late-payment charge" });
  const workings = dialog.getByRole("definition");
  await expect(dialog.getByText("Fixed compensation: £70.00")).toBeVisible();
  await expect(workings.first()).toHaveText("Fixed compensation for a debt of £1,000 to £9,999.99: £70.00");
  await expect(workings.nth(1)).toContainText("Interest at 12.25% a year (the base rate of 4.25% on 30 June 2025 plus 8%) on £1,000.00");
  const chargeNumber = `INV-CHG-${stamp}`;
  await dialog.getByLabel("Invoice Number").fill(chargeNumber);
  await dialog.getByRole("button", { name: "Raise Charge" }).click();
  await expect(page.getByText(`Late-payment charge ${chargeNumber} raised as a draft`)).toBeVisible();
  const charge = page.getByTestId("invoice-card").filter({ hasText: chargeNumber });
  await expect(charge).toContainText("Draft");
  // Charged once: the overdue invoice offers it again only to say so.
  await page
    .getByTestId("invoice-card")
    .filter({ hasText: number })
    .getByRole("button", { name: `Add late-payment charge: ${number}` })
    .click();
  await expect(dialog.getByRole("status")).toHaveText(`This invoice has already been charged for paying late: ${chargeNumber}`);
});

test("Settings → Late Payment lists the base rates and takes a new one only on a reference date", async ({ ownerTab: page }) => {
  await page.goto("/crm/settings");
  const late = page.getByRole("region", { name: "Late Payment" });
  await expect(late.getByRole("group", { name: "Rate 1" }).getByLabel("On")).toHaveValue(/^\d{4}-(06-30|12-31)$/);
  await late.getByRole("button", { name: "Add Rate" }).click();
  const added = late.getByRole("group", { name: "Rate 1" });
  // The next reference date after the newest listed, to start with.
  await expect(added.getByLabel("On")).toHaveValue(/^\d{4}-(06-30|12-31)$/);
  await added.getByLabel("On").fill("2026-05-01");
  await added.getByLabel("Rate (%)").fill("3.5");
  await late.getByRole("button", { name: "Save Late-Payment Settings" }).click();
  await expect(added.getByLabel("On")).toHaveAccessibleDescription("The base rate is taken on 30 June or 31 December");
});

test("Settings → Payment Reminders takes the studio's wording, and one invoice's reminders pause from its card", async ({
  ownerTab: page,
}) => {
  const { crm } = api(page.request);
  const before = await expectStatus(crm.settings.reminders.$get(), 200);
  await page.goto("/crm/settings");
  const reminders = page.getByRole("region", { name: "Payment Reminders" });
  const second = reminders.getByRole("group", { name: "14 days overdue" });
  const subject = `Still unpaid: our {document} (${Date.now()})`;
  await second.getByLabel("Subject").fill(subject);
  await second.getByLabel("Message").fill("Please pay {total} today.");
  await reminders.getByRole("button", { name: "Save Payment Reminders" }).click();
  await expect(second.getByLabel("Message")).toHaveAccessibleDescription("Use only {document}, {due_date}, {amount} in braces");
  await second.getByLabel("Message").fill("Please pay the {amount} still due on our {document} today.");
  await reminders.getByRole("button", { name: "Save Payment Reminders" }).click();
  await expect(page.getByText("Payment reminder settings saved")).toBeVisible();
  try {
    await page.reload();
    await expect(reminders.getByRole("group", { name: "14 days overdue" }).getByLabel("Subject")).toHaveValue(subject);

    const client = (await createClient(page.request, { name: `Reminded ${Date.now()}` })).id;
    const number = `INV-REM-${Date.now()}`;
    await expectStatus(
      crm.invoices.$post({
        json: { number, client_id: client, date: daysFromToday(-30), due_date: daysFromToday(-10), status: "Sent", total: 480 },
      }),
      201,
    );
    await page.goto("/crm/invoices");
    const card = page.getByTestId("invoice-card").filter({ hasText: number });
    await card.getByRole("button", { name: `Pause reminders: ${number}` }).click();
    await expect(page.getByText(`Reminders paused for ${number}`)).toBeVisible();
    await expect(card.getByText("Paused", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: `Resume reminders: ${number}` }).click();
    await expect(page.getByText(`Reminders resumed for ${number}`)).toBeVisible();
    await expect(card.getByText("Paused", { exact: true })).toHaveCount(0);
  } finally {
    // The wording is the studio's, shared by every test: put it back.
    const now = await expectStatus(crm.settings.reminders.$get(), 200);
    await expectStatus(crm.settings.reminders.$put({ json: { ...before.settings, updated_at: now.updated_at } }), 200);
  }
});
