/**
 * Mail that files itself (docs/decisions/0023-mail-that-files-itself.md), through `wrangler dev`'s local inbound-mail route: a Bcc'd
 * message lands on the open lead's timeline without a reload, and an unmatched forward waits in
 * Unfiled mail until it is filed with the record picker.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { api, createLead, expectStatus, live, staff, tag } from "./support";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/mail", name), "utf8");

/** Posts a raw message to the worker's email() door, as Email Routing would hand it over. */
async function deliver(request: APIRequestContext, raw: string, from: string, { expectFiled = true } = {}) {
  const res = await request.post(
    `/cdn-cgi/handler/email?from=${encodeURIComponent(from)}&to=${encodeURIComponent("crm@redbrickstudio.co.uk")}`,
    {
      data: raw,
      headers: { "Content-Type": "message/rfc822" },
    },
  );
  if (expectFiled) expect(res.ok(), await res.text()).toBeTruthy();
  return res;
}

test("a Bcc'd e-mail appears on the open lead's timeline without a reload, and opens as text", async ({ ownerTab: page }) => {
  const t = tag();
  const address = `sophie.${t}@sophieturneryoga.co.uk`;
  const lead = await createLead(page.request, { name: `Mail Lead ${t}`, email: address });
  await live(page, `/crm/leads?lead=${lead.id}`);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Timeline" }).click();
  await expect(dialog.getByText("No activity yet.")).toBeVisible();

  const raw = fixture("apple-bcc.eml")
    .replaceAll("sophie@sophieturneryoga.co.uk", address)
    .replace("A3F9C1D2-7B64-4E0A-9C58-1E2D3F4A5B6C", `bcc-${t}`);
  await deliver(page.request, raw, staff.owner.email);

  const entry = dialog.getByRole("listitem").filter({ hasText: "Sent: Re: Launch date for the new site" });
  await expect(entry).toBeVisible();
  await entry.getByRole("button", { name: "View e-mail" }).click();
  await expect(entry.getByText(address).first()).toBeVisible();
  await expect(entry.getByText("Filed by")).toBeVisible();
});

test("an e-mail that matches no one waits in Unfiled mail and is filed on a lead with the record picker", async ({ ownerTab: page }) => {
  const t = tag();
  const lead = await createLead(page.request, { name: `Bakery ${t}` });
  const subject = `Online ordering ${t}`;
  const raw = fixture("outlook-forward.eml")
    .replaceAll("Online ordering for the bakery", subject)
    .replaceAll("jo@carterbakes.co.uk", `jo.${t}@carterbakes.co.uk`)
    .replace("AM9PR02MB7714A1B2C3D4E5F6A7B8C9D0E1F2A", `fw-${t}`);
  await deliver(page.request, raw, staff.sales.email);

  await page.goto("/crm/mail");
  await expect(page.getByRole("heading", { name: "Unfiled mail" })).toBeVisible();
  const item = page.getByTestId("unfiled-mail").filter({ hasText: subject });
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: `File ${subject}` }).click();
  const dialog = page.getByRole("dialog", { name: "File e-mail" });
  await dialog.getByRole("button", { name: "File e-mail" }).click();
  await expect(dialog.getByText("Choose the record to file it on")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Related Record" }).fill(`Bakery ${t}`);
  await dialog.getByRole("option", { name: `Bakery ${t}` }).click();
  await dialog.getByRole("button", { name: "File e-mail" }).click();
  await expect(page.getByText(`E-mail filed on Bakery ${t}`)).toBeVisible();
  await expect(item).toHaveCount(0);

  const timeline = await expectStatus(api(page.request).crm.leads[":id"].activities.$get({ param: { id: lead.id } }), 200);
  expect(timeline.logged.map((a) => a.summary)).toContain(`Received: ${subject}`);
});

test("mail from outside the staff is refused, never stored, and the Owner sees it in Settings", async ({ ownerTab: page }) => {
  const t = tag();
  const stranger = `stranger.${t}@elsewhere.example`;
  const raw = fixture("apple-bcc.eml")
    .replaceAll("hannah@redbrickstudio.co.uk", stranger)
    .replace("A3F9C1D2-7B64-4E0A-9C58-1E2D3F4A5B6C", `refused-${t}`);
  await deliver(page.request, raw, stranger, { expectFiled: false });
  await page.goto("/crm/settings");
  const refused = page.getByRole("region", { name: "Refused mail" });
  await expect(refused.getByText(stranger)).toBeVisible();
  await expect(refused.getByText(/member of staff/).first()).toBeVisible();
});
