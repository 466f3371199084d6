/**
 * Export for Xero with more invoices than Xero takes in one import. Its 501 invoices would bury the
 * other specs' cards at the top of the shared server's invoice list (and every write is pushed to
 * their open tabs), so this spec has a server and state of its own, wiped when it stops.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { api, createClient, signIn, useOwnServer } from "./support";

test.describe.configure({ timeout: 120_000 });

useOwnServer({ name: "xero", offset: 4, portVariable: "E2E_XERO_PORT" });

test("Export for Xero: more than 500 invoices in a period come as files of at most 500, none split", async ({ page }) => {
  await signIn(page.request);
  const stamp = Date.now();
  const { crm } = api(page.request);
  const client = (await createClient(page.request, { name: `Xero Many ${stamp}` })).id;
  // A day none of the demo invoices has.
  const day = `${2091 + (stamp % 8)}-${String((stamp % 12) + 1).padStart(2, "0")}-10`;
  const numbers = Array.from({ length: 501 }, (_, i) => `INV-XMANY-${stamp}-${String(i).padStart(3, "0")}`);
  // Two lines each, so a split inside an invoice would show as a lone row in a file.
  const lines = [
    { description: "Design", quantity: 1, unit_price: 100 },
    { description: "Hosting", quantity: 1, unit_price: 10 },
  ];
  for (let at = 0; at < numbers.length; at += 25) {
    await Promise.all(
      numbers.slice(at, at + 25).map(async (number) => {
        const res = await crm.invoices.$post({ json: { number, client_id: client, date: day, due_date: day, status: "Sent", lines } });
        expect(res.status, number).toBe(201);
      }),
    );
  }

  await page.goto("/crm/invoices");
  await page.getByRole("button", { name: "Export for Xero" }).click();
  const dialog = page.getByRole("dialog", { name: "Export for Xero" });
  await dialog.getByLabel("From").fill(day);
  await dialog.getByLabel("To").fill(day);
  await dialog.getByRole("button", { name: "Export" }).click();
  await expect(dialog.getByText("501 invoices: Xero takes at most 500 in one import, so they are in 2 files.")).toBeVisible();

  const filed: string[][] = [];
  for (const n of [1, 2]) {
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: `Download file ${n} of 2` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`xero-invoices-${day}-to-${day}-part-${n}-of-2.csv`);
    const rows = (await readFile((await file.path())!, "utf8")).trimEnd().split("\r\n").slice(1);
    filed.push(rows.map((r) => r.match(/INV-XMANY-\d+-\d{3}/)![0]));
  }
  const perFile = filed.map((f) => new Set(f));
  expect(perFile.map((s) => s.size)).toEqual([500, 1]);
  // Every invoice once, with both its lines in the same file.
  expect([...perFile[0], ...perFile[1]].sort()).toEqual(numbers);
  expect(filed.map((f) => f.length)).toEqual([1000, 2]);
});
