/**
 * Proposals: written as a document (introduction, sections, line items that make its value, valid
 * until, terms), shared as the client's own page, and accepted, with the follow-up that makes the
 * lead Won and starts its project.
 */
import { expect, test } from "./fixtures";
import { api, createLead, expectStatus, readLead, withStudioSettings } from "./support";

test("accept a sent proposal and run its follow-up", async ({ ownerTab: page }) => {
  const stamp = Date.now();
  const leadId = (await createLead(page.request, { name: `Accept Lead ${stamp}`, company: `Accept Co ${stamp}` })).id;
  const title = `Website rebuild ${stamp}`;
  const { crm } = api(page.request);
  await expectStatus(crm.proposals.$post({ json: { title, value: 4800, status: "Sent", lead_id: leadId } }), 201);

  await page.goto("/crm/proposals");
  const card = page.getByTestId("proposal-card").filter({ hasText: title });
  await expect(card.getByText("£4,800.00")).toBeVisible();
  await card.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByText("Proposal Accepted!")).toBeVisible();
  await expect(card.getByText("Accepted", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Accept" })).toHaveCount(0);
  const dialog = page.getByRole("dialog", { name: "Workflow Actions" });
  await dialog.getByRole("button", { name: "Run Actions" }).click();
  await expect(page.getByText("2 action(s) completed successfully")).toBeVisible();

  const after = await readLead(page.request, leadId);
  expect(after.status).toBe("Won");
  expect(after.converted_to_client_id).toBeTruthy();
  const projects = await expectStatus(crm.projects.$get({ query: { client_id: after.converted_to_client_id! } }), 200);
  expect(projects.projects.length).toBeGreaterThan(0);
});

test("accept's follow-up with only Create project ticked: the lead is Won and its project starts", async ({ ownerTab: page }) => {
  const stamp = Date.now();
  const lead = await createLead(page.request, { name: `Project Only ${stamp}`, status: "Negotiation" });
  const title = `Shop build ${stamp}`;
  const { crm } = api(page.request);
  expect((await crm.proposals.$post({ json: { title, status: "Sent", lead_id: lead.id } })).status).toBe(201);

  await page.goto("/crm/proposals");
  const card = page.getByTestId("proposal-card").filter({ hasText: title });
  await card.getByRole("button", { name: "Accept" }).click();
  const dialog = page.getByRole("dialog", { name: "Workflow Actions" });
  await expect(dialog).toHaveAccessibleDescription(
    `Proposal accepted for Project Only ${stamp}, so the lead is now marked Won. Recommended next steps:`,
  );
  await dialog.getByRole("checkbox", { name: /Convert to client/ }).uncheck();
  await expect(dialog.getByRole("checkbox", { name: /Create project/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Run Actions" }).click();
  await expect(page.getByText("1 action(s) completed successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Failed to execute workflow actions/)).toHaveCount(0);

  const after = await readLead(page.request, lead.id);
  expect(after.status).toBe("Won");
  const { projects } = await expectStatus(crm.projects.$get({ query: {} }), 200);
  expect(projects.filter((p) => p.lead_id === lead.id)).toEqual([
    expect.objectContaining({ client_id: after.converted_to_client_id, stage: "Discovery" }),
  ]);
});

test("a proposal is written as a document: introduction, sections, line items that make its value, valid until and terms", async ({
  ownerTab: page,
}) => {
  test.slow(); // It may wait for another test to finish with the studio settings.
  await withStudioSettings(async () => {
    const stamp = Date.now();
    const lead = await createLead(page.request, { name: `Document Lead ${stamp}` });
    const title = `Bakery website ${stamp}`;
    // The studio's terms, which a new proposal starts from.
    const { crm } = api(page.request);
    const current = await expectStatus(crm.settings.$get(), 200);
    const studioTerms = `Studio terms ${stamp}: 50% to start.`;
    expect(
      (await crm.settings.$put({ json: { ...current.settings, proposal_terms: studioTerms, updated_at: current.updated_at } })).ok,
    ).toBeTruthy();

    await page.goto("/crm/proposals");
    await page.getByRole("button", { name: "New Proposal" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Proposal" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Lead").selectOption({ label: lead.name });
    await dialog.getByLabel("Introduction").fill("Thank you for asking us.\n\nHere is what we propose.");
    await dialog.getByRole("button", { name: "Add Section" }).click();
    const sections = dialog.getByTestId("proposal-section");
    await expect(sections.nth(0).getByLabel("Heading")).toHaveValue("Scope");
    await sections.nth(0).getByLabel("Text").fill("Six pages:\n- Home\n- Menu\n- Contact");
    await dialog.getByRole("button", { name: "Add Section" }).click();
    // An empty section is refused with its own message, not sent.
    await dialog.getByRole("button", { name: "Add Proposal" }).click();
    await expect(sections.nth(1).getByText("Heading is required")).toBeVisible();
    await sections.nth(1).getByLabel("Heading").fill("Timeline");
    await sections.nth(1).getByLabel("Text").fill("Four weeks.");
    await dialog.getByRole("button", { name: "Add Line" }).click();
    const lines = dialog.getByTestId("proposal-line");
    await lines.nth(0).getByLabel("Description").fill("Website design and build");
    await lines.nth(0).getByLabel("Unit Price (£)").fill("2400");
    await dialog.getByRole("button", { name: "Add Line" }).click();
    await lines.nth(1).getByLabel("Description").fill("Copywriting, per page");
    await lines.nth(1).getByLabel("Qty").fill("4");
    await lines.nth(1).getByLabel("Unit Price (£)").fill("150.25");
    await expect(dialog.getByTestId("proposal-total")).toHaveText("£3,001.00");
    await dialog.getByLabel("Valid Until").fill("2026-12-31");
    await expect(dialog.getByLabel("Terms")).toHaveValue(studioTerms);
    await dialog.getByLabel("Terms").fill("50% to start, 50% on launch.");
    await dialog.getByRole("button", { name: "Add Proposal" }).click();
    await expect(page.getByText("Proposal added successfully")).toBeVisible();

    const card = page.getByTestId("proposal-card").filter({ hasText: title });
    await expect(card.getByText("£3,001.00")).toBeVisible();
    // Edited: one line fewer, and the value follows.
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Proposal" });
    await expect(edit.getByTestId("proposal-section").nth(1).getByLabel("Heading")).toHaveValue("Timeline");
    await edit.getByRole("button", { name: "Remove line 2" }).click();
    await expect(edit.getByTestId("proposal-total")).toHaveText("£2,400.00");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Proposal updated successfully")).toBeVisible();
    await expect(card.getByText("£2,400.00")).toBeVisible();

    const { proposals } = await expectStatus(crm.proposals.$get(), 200);
    expect(proposals.find((p) => p.title === title)).toMatchObject({
      value: 2400,
      intro: "Thank you for asking us.\n\nHere is what we propose.",
      sections: [
        { heading: "Scope", body: "Six pages:\n- Home\n- Menu\n- Contact" },
        { heading: "Timeline", body: "Four weeks." },
      ],
      lines: [{ description: "Website design and build", quantity: 1, unit_price: 2400 }],
      valid_until: "2026-12-31",
      terms: "50% to start, 50% on launch.",
    });
  });
});

test("Share gives the client a link to the proposal's own page, which works without JavaScript, counts views and can be revoked", async ({
  ownerTab: page,
  browser,
}) => {
  const stamp = Date.now();
  const lead = await createLead(page.request, { name: `Share Lead ${stamp}` });
  const title = `Shop website ${stamp}`;
  await expectStatus(
    api(page.request).crm.proposals.$post({
      json: {
        title,
        lead_id: lead.id,
        intro: "Thank you for your time.",
        sections: [{ heading: "Scope", body: "- Shop\n- Blog" }],
        lines: [{ description: "Shop build", quantity: 1, unit_price: 3600 }],
        terms: "Half to start.",
      },
    }),
    201,
  );

  await page.goto("/crm/proposals");
  const card = page.getByTestId("proposal-card").filter({ hasText: title });
  await card.getByRole("button", { name: `Share ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Share ${title}` });
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByText("Link created; the proposal is now Sent")).toBeVisible();
  const url = await dialog.getByLabel("Link to the proposal").inputValue();
  expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
  const mailto = await dialog.getByRole("link", { name: "Open in e-mail" }).getAttribute("href");
  expect(mailto).toContain(`subject=${encodeURIComponent(`Proposal: ${title}`)}`);
  expect(decodeURIComponent(mailto!.split("body=")[1])).toContain(url);
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(card.getByText("Sent", { exact: true })).toBeVisible();

  // The client, in a browser of their own with JavaScript off.
  const client = await browser.newContext({ javaScriptEnabled: false });
  const clientPage = await client.newPage();
  const opened = await clientPage.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(clientPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(clientPage.getByRole("listitem").filter({ hasText: "Blog" })).toBeVisible();
  await expect(clientPage.getByText("£3,600.00").first()).toBeVisible();
  await expect(clientPage.getByText("Half to start.")).toBeVisible();

  await page.reload();
  await expect(card.getByText(/^Once · \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await card.getByRole("button", { name: `Share ${title}` }).click();
  await expect(dialog.getByTestId("share-status")).toContainText(/Opened once · \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\./);
  await dialog.getByRole("button", { name: "Revoke link" }).click();
  await page.getByRole("dialog", { name: "Revoke the link?" }).getByRole("button", { name: "Revoke link" }).click();
  await expect(page.getByText("Link revoked")).toBeVisible();
  const ended = await clientPage.goto(url);
  expect(ended?.status()).toBe(410);
  await expect(clientPage.getByRole("heading", { name: "This link is no longer active" })).toBeVisible();
  await client.close();
});
