/**
 * Stored names and notes that hold HTML or script render as the literal text staff typed, on
 * every CRM surface that shows them: the payload is visible, no element it describes exists in
 * the DOM, and no alert ever fires. The rows are made through the API with unique names.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { api, createClient, createLead, expectStatus, signIn } from "./support";

const tag = `xss${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Three classic breakouts: an image with an error handler, an attribute escape into SVG, and a script tag. */
const hostile = (label: string) => `${label} ${tag} <img src=x onerror=alert(1)> "><svg onload=alert(2)><script>alert(3)</script>`;

const text = {
  lead: hostile("Lead"),
  leadCompany: hostile("Company"),
  leadNotes: hostile("Lead notes"),
  timeline: hostile("Timeline note"),
  client: hostile("Client"),
  clientNotes: hostile("Client notes"),
  project: hostile("Project"),
  proposal: hostile("Proposal"),
  proposalNotes: hostile("Proposal notes"),
  task: hostile("Task"),
  taskNotes: hostile("Task notes"),
  activity: hostile("Activity"),
};
const ids = { lead: "", client: "", project: "", invoice: "" };
const invoiceNumber = `INJ-${tag}`;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await signIn(request);
  const { crm } = api(request);
  const lead = await createLead(request, { name: text.lead, company: text.leadCompany, notes: text.leadNotes, status: "Qualified" });
  ids.lead = lead.id;
  await expectStatus(crm.leads[":id"].activities.$post({ param: { id: lead.id }, json: { description: text.timeline } }), 201);
  const client = await createClient(request, { name: text.client, notes: text.clientNotes });
  ids.client = client.id;
  const { project } = await expectStatus(
    crm.projects.$post({ json: { title: text.project, client_id: client.id, stage: "Discovery" } }),
    201,
  );
  ids.project = project.id;
  await expectStatus(
    crm.proposals.$post({ json: { title: text.proposal, lead_id: lead.id, notes: text.proposalNotes, value: 1200 } }),
    201,
  );
  const { invoice } = await expectStatus(
    crm.invoices.$post({
      json: { number: invoiceNumber, client_id: client.id, project_id: project.id, total: 950, date: "2026-01-10", due_date: "2026-02-09" },
    }),
    201,
  );
  ids.invoice = invoice.id;
  await expectStatus(crm.tasks.$post({ json: { title: text.task, notes: text.taskNotes, priority: "High" } }), 201);
  await expectStatus(crm.activities.$post({ json: { summary: text.activity, type: "Call" } }), 201);
  await request.dispose();
});

/** Every alert, confirm or prompt the page opens: an executed payload would land here. */
let dialogs: string[] = [];
const heard = new WeakSet<Page>();

// The tests only read: each loads its page in its worker's one Owner tab (ownerTab).
test.beforeEach(async ({ ownerTab }) => {
  dialogs = [];
  if (!heard.has(ownerTab)) {
    heard.add(ownerTab);
    ownerTab.on("dialog", (d) => {
      // Leaving a page another test left half-edited is no payload.
      if (d.type() === "beforeunload") return void d.accept();
      dialogs.push(d.message());
      void d.dismiss();
    });
  }
});

/** The payloads read as text, and nothing they describe became an element or ran. */
async function expectShownAsText(page: Page, shown: string[]) {
  for (const t of shown) await expect(page.getByText(t).first(), t).toBeVisible();
  const injected = await page.evaluate(() => ({
    images: document.querySelectorAll('img[src="x"]').length,
    svgs: document.querySelectorAll("svg[onload]").length,
    handlers: document.querySelectorAll("[onerror], [onload]").length,
    scripts: Array.from(document.scripts).filter((s) => s.textContent?.includes("alert(3)")).length,
  }));
  expect(injected).toEqual({ images: 0, svgs: 0, handlers: 0, scripts: 0 });
  expect(dialogs).toEqual([]);
}

test("leads table", async ({ ownerTab: page }) => {
  await page.goto(`/crm/leads?q=${tag}`);
  await expectShownAsText(page, [text.lead]);
});

test("pipeline card", async ({ ownerTab: page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto("/crm");
  await expect(page.getByRole("button", { name: `Pick up ${text.lead}` })).toBeVisible();
  await expectShownAsText(page, [text.lead]);
});

test("lead detail dialog and its timeline", async ({ ownerTab: page }) => {
  await page.goto(`/crm/leads?q=${tag}`);
  await page.getByRole("button", { name: `View ${text.lead}` }).click();
  const dialog = page.getByRole("dialog", { name: text.lead });
  await expect(dialog).toBeVisible();
  await expectShownAsText(page, [text.leadCompany, text.leadNotes]);
  await dialog.getByRole("tab", { name: "Timeline" }).click();
  await expectShownAsText(page, [text.timeline]);
});

test("clients table and client detail", async ({ ownerTab: page }) => {
  await page.goto("/crm/clients");
  await expectShownAsText(page, [text.client]);
  await page.goto(`/crm/clients/${ids.client}`);
  await expectShownAsText(page, [text.client, text.clientNotes, text.project]);
});

test("projects board", async ({ ownerTab: page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto("/crm/projects");
  await expectShownAsText(page, [text.project, text.client]);
});

test("proposals list and proposal view", async ({ ownerTab: page }) => {
  await page.goto("/crm/proposals");
  await expectShownAsText(page, [text.proposal]);
  await page.getByRole("button", { name: `View ${text.proposal}` }).click();
  await expect(page.getByRole("dialog", { name: text.proposal })).toBeVisible();
  await expectShownAsText(page, [text.proposalNotes, text.lead]);
});

test("invoices list and the invoice print page", async ({ ownerTab: page }) => {
  await page.goto("/crm/invoices");
  await expect(page.getByText(invoiceNumber).first()).toBeVisible();
  await expectShownAsText(page, [text.client]);
  await page.goto(`/crm/invoices/${ids.invoice}/print`);
  await expectShownAsText(page, [text.client, `Project: ${text.project}`]);
});

test("tasks", async ({ ownerTab: page }) => {
  await page.goto("/crm/tasks");
  await expectShownAsText(page, [text.task, text.taskNotes]);
});

test("activity feed", async ({ ownerTab: page }) => {
  await page.goto("/crm/activity");
  await expectShownAsText(page, [text.activity]);
});
