/**
 * Clients: add with two e-mails, edit on the detail page; preview access code set there unlocks the
 * public preview, revoke locks it; the page's lists and its Activity, with what the lead it was did.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { api, createClient, createLead, expectStatus, readLead, staff, tag } from "./support";

test("add a client with two e-mails and edit it on its detail page", async ({ ownerTab: page }) => {
  const name = `Ops Client ${Date.now()}`;
  await page.goto("/crm/clients");
  await page.getByRole("button", { name: "Add Client" }).click();
  const add = page.getByRole("dialog", { name: "Add New Client" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Website").fill("https://example.co.uk");
  await add.getByLabel("Email").fill("first@example.co.uk");
  await add.getByLabel("Services").fill(" Web Design , SEO,Branding ");
  await add.getByRole("button", { name: "Add Client" }).click();
  await expect(page.getByText("Client added successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("first@example.co.uk");
  await expect(row).toContainText("+1");

  await row.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Client" });
  const emailInput = edit.getByLabel("Emails");
  // A second e-mail by Enter; a duplicate and a blank are refused.
  await emailInput.fill("second@example.co.uk");
  await emailInput.press("Enter");
  await emailInput.fill("FIRST@example.co.uk");
  await edit.getByRole("button", { name: "Add email" }).click();
  await expect(edit.getByText("That email is already listed")).toBeVisible();
  await emailInput.fill("   ");
  await emailInput.press("Enter");
  await expect(edit.getByText("Email cannot be blank")).toBeVisible();
  await edit.getByLabel("Consulting").check();
  // A business in the UK unless told: a consumer cannot be charged for paying late, and a client abroad pays no UK VAT.
  await expect(edit.getByRole("radio", { name: "Business" })).toBeChecked();
  await edit.getByRole("radio", { name: "Consumer" }).check();
  await edit.getByRole("checkbox", { name: "Outside the UK" }).check();
  await edit.getByLabel("Name").fill(`${name} Ltd`);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Client updated successfully")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: `${name} Ltd`, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "first@example.co.uk" })).toHaveAttribute("href", "mailto:first@example.co.uk");
  await expect(page.getByRole("link", { name: "second@example.co.uk" })).toHaveAttribute("href", "mailto:second@example.co.uk");
  await expect(page.getByText("Consulting")).toBeVisible();
  await expect(page.getByText("Consumer", { exact: true })).toBeVisible();
  await expect(page.getByText("Outside the UK", { exact: true })).toBeVisible();
});

test("a preview code set on the client unlocks the public preview until it is revoked", async ({ ownerTab: page, request: visitor }) => {
  const client = await createClient(page.request, { name: `Preview Client ${Date.now()}` });
  const previewId = "salford-quays-physio";

  await page.goto(`/crm/clients/${client.id}`);
  const panel = page.getByRole("region", { name: "Preview access" });
  await panel.getByLabel("Preview", { exact: true }).selectOption(previewId);
  await panel.getByLabel("Preview URL").fill("https://example.com/physio");
  await panel.getByRole("button", { name: "Save Preview" }).click();
  await expect(page.getByText("Preview settings saved")).toBeVisible();
  await panel.getByRole("button", { name: "Generate Code" }).click();
  const code = (await panel.getByTestId("preview-code").textContent())?.trim() ?? "";
  expect(code.length).toBeGreaterThan(5);

  // Tried as the client would, without the studio's session (and its unlock cookie kept out of the shared tab).
  const verify = () => api(visitor).previews[":clientId"].verify.$post({ param: { clientId: previewId }, json: { password: code } });
  expect((await expectStatus(verify(), 200)).success).toBe(true);

  await panel.getByRole("button", { name: "Revoke Access" }).click();
  await expect(page.getByText("Preview access revoked")).toBeVisible();
  await expect(panel.getByText("Revoked", { exact: true })).toBeVisible();
  const refused = await verify();
  expect(refused.status).toBe(401);

  // The access log lists both attempts.
  await page.reload();
  await expect(panel.getByRole("cell", { name: "Unlocked" })).toBeVisible();
  await expect(panel.getByRole("cell", { name: "Refused" })).toBeVisible();
});

test("a client's page lists their projects, proposals and invoices, each linked, with what they owe", async ({ ownerTab: page }) => {
  const stamp = Date.now();
  const { crm } = api(page.request);
  const client = (await createClient(page.request, { name: `Paper Trail ${stamp}` })).id;
  await crm.projects.$post({ json: { title: `Trail site ${stamp}`, client_id: client } });
  await crm.proposals.$post({ json: { title: `Trail retainer ${stamp}`, value: 900, status: "Sent", client_id: client } });
  const invoice = (
    await expectStatus(
      crm.invoices.$post({
        json: { number: `INV-TR-${stamp}`, client_id: client, total: 250, date: "2026-01-05", due_date: "2026-01-19", status: "Sent" },
      }),
      201,
    )
  ).invoice.id;

  await page.goto(`/crm/clients/${client}`);
  const projects = page.getByRole("region", { name: "Projects (1)" });
  await expect(projects.getByRole("link", { name: `Trail site ${stamp}` })).toHaveAttribute("href", /\/crm\/projects\?project=/);
  const proposals = page.getByRole("region", { name: "Proposals (1)" });
  await expect(proposals.getByRole("listitem")).toContainText(["Sent"]);
  await expect(proposals.getByRole("link", { name: `Trail retainer ${stamp}` })).toBeVisible();
  const invoices = page.getByRole("region", { name: "Invoices (1)" });
  await expect(invoices).toContainText("Outstanding: £250.00");
  // Sent and past its due date: marked Overdue.
  await expect(invoices.getByRole("listitem")).toContainText("Overdue");
  // The invoice itself opens, not its print page.
  await invoices.getByRole("link", { name: `INV-TR-${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/invoices\\?invoice=${invoice}$`));
  await expect(page.getByRole("dialog", { name: "Edit Invoice" }).getByLabel("Invoice Number")).toHaveValue(`INV-TR-${stamp}`);
});

test("a client's page shows its activity, with the lead it was, and the proposals that lead accepted", async ({ ownerTab: page }) => {
  const t = tag();
  const address = `sophie.${t}@sophieturneryoga.co.uk`;
  const lead = await createLead(page.request, { name: `Sophie ${t}`, company: `Turner Yoga ${t}`, email: address });
  const { crm } = api(page.request);
  const param = { id: lead.id };
  expect((await crm.leads[":id"].activities.$post({ param, json: { description: `Met at the expo ${t}` } })).status).toBe(201);
  const made = crm.proposals.$post({ json: { title: `Yoga site ${t}`, value: 2400, status: "Sent", lead_id: lead.id } });
  const { proposal } = await expectStatus(made, 201);
  const accepted = await crm.proposals[":id"].accept.$post({ param: { id: proposal.id }, json: { updated_at: proposal.updated_at } });
  expect(accepted.status).toBe(200);
  expect((await crm.leads[":id"].actions.$post({ param, json: { action: "convert_to_client" } })).status).toBe(201);
  const converted = await readLead(page.request, lead.id);
  // Sophie's own mail, forwarded to the CRM by a colleague: filed on the client her address now belongs to.
  const raw = readFileSync(join(import.meta.dirname, "../fixtures/mail/gmail-forward.eml"), "utf8").replaceAll(
    "sophie@sophieturneryoga.co.uk",
    address,
  );
  const filed = await page.request.post(
    `/cdn-cgi/handler/email?from=${encodeURIComponent(staff.owner.email)}&to=${encodeURIComponent("crm@redbrickstudio.co.uk")}`,
    { data: raw, headers: { "Content-Type": "message/rfc822" } },
  );
  expect(filed.ok(), await filed.text()).toBeTruthy();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/crm/clients/${converted.converted_to_client_id}`);
  const proposals = page.getByRole("region", { name: "Proposals (1)" });
  await expect(proposals.getByRole("link", { name: `Yoga site ${t}` })).toHaveAttribute("href", `/crm/proposals?proposal=${proposal.id}`);
  await expect(proposals.getByRole("listitem")).toContainText("Accepted");

  const activity = page.getByRole("region", { name: /^Activity/ });
  const entries = activity.getByRole("list", { name: "Client activity" }).getByRole("listitem");
  // The e-mail is Sophie's, dated when she sent it, not when it was filed or by whom.
  const mail = entries.filter({ hasText: "Received: Launch date for the new site" });
  await expect(mail).toContainText(`Email · Sophie Turner <${address}> · sent 11 Jun 2026`);
  await expect(mail).not.toContainText("Hannah Whitaker");
  // The lead's history came with it.
  await expect(entries.filter({ hasText: `Met at the expo ${t}` })).toContainText(`on lead Sophie ${t}`);
  await expect(entries.filter({ hasText: `Converted to client Turner Yoga ${t}` })).toBeVisible();
  // Nothing overflows the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  // Logged from the page by keyboard, it goes to the top.
  await activity.getByRole("radio", { name: "Meeting" }).focus();
  await page.keyboard.press("Space");
  await activity.getByLabel("Summary").fill(`Walked through the timetable ${t}`);
  await activity.getByRole("button", { name: "Log Activity" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Activity added successfully")).toBeVisible();
  await expect(entries.first()).toContainText(`Walked through the timetable ${t}`);
  await expect(entries.first()).toContainText(`Meeting · ${staff.owner.name}`);

  // The lead's timeline carries the client's mail too.
  await page.goto(`/crm/leads?lead=${lead.id}`);
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Timeline" }).click();
  await expect(dialog.getByRole("listitem").filter({ hasText: "Received: Launch date for the new site" })).toContainText(
    `on client Turner Yoga ${t}`,
  );
});
