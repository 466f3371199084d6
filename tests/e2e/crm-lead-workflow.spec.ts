/**
 * Workflow Actions from the browser (docs/spec.md §4): a lead moved to Qualified or Proposal Sent on the
 * pipeline offers its follow-up; running it creates the rows a salesperson then works from (the
 * task on /crm/tasks, the Draft proposal on /crm/proposals) and writes a workflow_action entry on the
 * lead's Timeline. Quick Actions turn a lead into a client and a project the same way, and offer
 * Start Project for a Won lead only.
 * Each test seeds its own uniquely named lead as Marcus (Sales).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { animationsFinished, api, createLead, expectStatus, leadCard, leadColumn, mouseDrag, staff, tag } from "./support";

/** Opens the lead from its pipeline card and shows its Timeline tab. */
async function openTimeline(page: Page, lead: { id: string; name: string }) {
  await leadCard(page, lead.id).getByRole("button").filter({ hasText: lead.name }).click();
  const detail = page.getByRole("dialog", { name: lead.name });
  await detail.getByRole("tab", { name: "Timeline" }).click();
  return detail;
}

// A board 1440 px wide, in the worker's shared Sales tab (salesTab) unless a test needs a tab of its own.
test.use({ viewport: { width: 1440, height: 1000 } });

test("moving a lead to Qualified offers a follow-up task; running it puts a High task for me on Tasks and in the Timeline", async ({
  salesTab: page,
}) => {
  // Negotiation holds few leads, so the card is on the first page of its column whatever else the suite adds.
  const lead = await createLead(page.request, { name: `Qualify ${tag()}`, company: "Follow Co", status: "Negotiation" });
  await page.goto("/crm");
  await expect(leadColumn(page, "Negotiation").getByText(lead.name)).toBeVisible();

  await mouseDrag(page, leadCard(page, lead.id), leadColumn(page, "Qualified"));
  await expect(page.getByText("Lead moved to Qualified")).toBeVisible();
  const workflow = page.getByRole("dialog", { name: "Workflow Actions" });
  await expect(workflow).toContainText(`${lead.name} moved to Qualified`);
  // The recommendation comes ticked; it is the only one offered.
  await expect(workflow.getByRole("checkbox", { name: /Create follow-up task/ })).toBeChecked();
  await expect(workflow.getByRole("checkbox")).toHaveCount(1);
  await workflow.getByRole("button", { name: "Run 1 action" }).click();
  const done = page.locator("[data-sonner-toast]").filter({ hasText: "1 action(s) completed successfully" });
  await expect(done).toBeVisible();
  // It names what it created, as a link to it.
  await expect(done).toContainText("Created the follow-up task.");
  await expect(done.getByRole("link", { name: "the follow-up task" })).toHaveAttribute("href", "/crm/tasks");
  await expect(workflow).toBeHidden();

  const detail = await openTimeline(page, lead);
  const entry = detail.getByRole("listitem").filter({ hasText: `Follow-up task created by ${staff.sales.name}` });
  await expect(entry).toContainText("Workflow action");
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: /^Tasks/ }).click();
  const task = page
    .getByRole("region", { name: /^To Do \(\d+\)$/ })
    .getByRole("listitem")
    .filter({ hasText: `Follow up on lead: ${lead.name}` });
  await expect(task).toBeVisible();
  await expect(task.getByText("High", { exact: true })).toBeVisible();
  await expect(task).toContainText(staff.sales.name);
  await expect(task.getByRole("checkbox", { name: `Completed: Follow up on lead: ${lead.name}` })).not.toBeChecked();
});

test("moving a lead to Proposal Sent offers a proposal; running it lists a Draft 'Proposal for …' and a Timeline entry", async ({
  salesTab: page,
}) => {
  const lead = await createLead(page.request, { name: `Propose ${tag()}`, company: "Proposal Co", status: "Negotiation", value: 3200 });
  await page.goto("/crm");
  await expect(leadColumn(page, "Negotiation").getByText(lead.name)).toBeVisible();

  await mouseDrag(page, leadCard(page, lead.id), leadColumn(page, "Proposal Sent"));
  await expect(page.getByText("Lead moved to Proposal Sent")).toBeVisible();
  const workflow = page.getByRole("dialog", { name: "Workflow Actions" });
  await expect(workflow.getByRole("checkbox", { name: /Create proposal/ })).toBeChecked();
  await workflow.getByRole("button", { name: "Run 1 action" }).click();
  await expect(page.getByText("1 action(s) completed successfully")).toBeVisible();
  await expect(workflow).toBeHidden();

  const detail = await openTimeline(page, lead);
  await expect(detail.getByRole("listitem").filter({ hasText: `Draft proposal created by ${staff.sales.name}` })).toContainText(
    "Workflow action",
  );
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "Proposals" }).click();
  const proposal = page.getByTestId("proposal-card").filter({ hasText: `Proposal for ${lead.name}` });
  await expect(proposal).toBeVisible();
  await expect(proposal.getByText("Draft", { exact: true })).toBeVisible();
  // A Draft cannot be accepted yet: Accept is only for Sent proposals.
  await expect(proposal.getByRole("button", { name: "Accept" })).toHaveCount(0);
});

test("Quick Actions convert a lead to a client, then start its project; both show on their pages and in the Timeline", async ({
  salesTab: page,
}) => {
  const t = tag();
  const company = `Convert Co ${t}`;
  const lead = await createLead(page.request, { name: `Convert ${t}`, company, status: "Negotiation", value: 5400 });
  await page.goto(`/crm/leads?q=${encodeURIComponent(lead.name)}`);
  await page.getByRole("button", { name: `View ${lead.name}` }).click();
  const detail = page.getByRole("dialog", { name: lead.name });
  // The dialog keeps one height whichever tab shows, so the tab row stays under the pointer.
  await animationsFinished(page);
  const tabRowAt = async () => (await detail.getByRole("tablist").boundingBox())!.y;
  const details = await tabRowAt();
  await detail.getByRole("tab", { name: "Timeline" }).click();
  expect(await tabRowAt()).toBe(details);
  await detail.getByRole("tab", { name: "Quick Actions" }).click();
  expect(await tabRowAt()).toBe(details);

  await detail.getByRole("button", { name: "Convert to Client" }).click();
  await expect(page.getByText("Lead converted to client successfully")).toBeVisible();
  // Converting twice would make a second client: the button says so and is off.
  await expect(detail.getByRole("button", { name: "Already a client" })).toBeDisabled();

  await detail.getByLabel("Project type").selectOption("E-commerce");
  await detail.getByRole("button", { name: "Start Project" }).click();
  await expect(page.getByText("Project created successfully! Check the Projects page.")).toBeVisible();

  await detail.getByRole("tab", { name: "Details" }).click();
  await expect(detail.getByText("Won", { exact: true })).toBeVisible();
  await detail.getByRole("tab", { name: "Timeline" }).click();
  await expect(detail.getByRole("listitem").filter({ hasText: `Converted to client ${company} by ${staff.sales.name}` })).toContainText(
    "Workflow action",
  );
  await expect(detail.getByRole("listitem").filter({ hasText: `Project started by ${staff.sales.name}` })).toContainText("Workflow action");
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "Clients" }).click();
  await expect(page.getByRole("row").filter({ hasText: company })).toContainText("Active");

  await page.getByRole("link", { name: "Projects" }).click();
  const project = page
    .getByRole("region", { name: "Discovery column" })
    .getByRole("listitem")
    .filter({ hasText: `Project for ${lead.name}` });
  await expect(project).toBeVisible();
  // Linked to the new client, budgeted from the deal value.
  await expect(project).toContainText(company);
  await expect(project).toContainText("£5,400.00");
  const { projects } = await expectStatus(api(page.request).crm.projects.$get({ query: {} }), 200);
  expect(projects.find((p) => p.lead_id === lead.id)?.type).toBe("E-commerce");
});

test("Start Project is offered for a Won lead only", async ({ salesTab: page }) => {
  const t = tag();
  const open = await createLead(page.request, { name: `Still Open ${t}`, status: "Negotiation" });
  const won = await createLead(page.request, { name: `Won Already ${t}`, status: "Won", value: 5000 });

  await page.goto(`/crm/leads?q=${encodeURIComponent(open.name)}`);
  await page.getByRole("button", { name: `View ${open.name}` }).click();
  let dialog = page.getByRole("dialog", { name: open.name });
  await dialog.getByRole("tab", { name: "Quick Actions" }).click();
  await expect(dialog.getByText("Start Project is offered once the lead is Won.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Start Project" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.goto(`/crm/leads?q=${encodeURIComponent(won.name)}`);
  await page.getByRole("button", { name: `View ${won.name}` }).click();
  dialog = page.getByRole("dialog", { name: won.name });
  await dialog.getByRole("tab", { name: "Quick Actions" }).click();
  await dialog.getByRole("button", { name: "Start Project" }).click();
  await expect(page.getByText("Project created successfully! Check the Projects page.")).toBeVisible();
});
