/**
 * Live updates reach screens that show one entity inside another: another person's status
 * change appears in an open lead's Timeline, and a project created for a client appears on that
 * client's page, both without a reload (docs/decisions/0049-no-silent-lost-updates.md: every screen stays current).
 */
import { expect, test } from "./fixtures";
import { createLead, live, signedIn, staff, tag } from "./support";

const { owner, sales } = staff;

test("another person's status change appears in an open lead's Timeline", async ({ browser }) => {
  const hannah = await signedIn(browser, owner);
  const marcus = await signedIn(browser, sales);
  const lead = await createLead(hannah.context.request, { name: `Timeline ${tag()}` });

  await live(hannah.page, `/crm/leads?q=${encodeURIComponent(lead.name)}`);
  await hannah.page.getByRole("button", { name: `View ${lead.name}` }).click();
  const detail = hannah.page.getByRole("dialog", { name: lead.name });
  await detail.getByRole("tab", { name: "Timeline" }).click();
  await expect(detail.getByText(/Moved from New to Qualified/)).toHaveCount(0);

  const moved = await marcus.context.request.patch(`/api/crm/leads/${lead.id}`, {
    data: { status: "Qualified", updated_at: lead.updated_at },
  });
  expect(moved.ok()).toBeTruthy();
  await expect(detail.getByText(/Moved from New to Qualified by Marcus Reid/)).toBeVisible();
  await hannah.context.close();
  await marcus.context.close();
});

test("a project created for a client appears on that client's open page", async ({ browser }) => {
  const hannah = await signedIn(browser, owner);
  const marcus = await signedIn(browser, sales);
  const t = tag();
  const made = await hannah.context.request.post("/api/crm/clients", { data: { name: `Related Client ${t}` } });
  expect(made.status()).toBe(201);
  const { client } = (await made.json()) as { client: { id: string } };

  await live(hannah.page, `/crm/clients/${client.id}`);
  await expect(hannah.page.getByRole("heading", { name: "Projects (0)" })).toBeVisible();

  const project = await marcus.context.request.post("/api/crm/projects", { data: { title: `Related Project ${t}`, client_id: client.id } });
  expect(project.status()).toBe(201);
  await expect(hannah.page.getByRole("heading", { name: "Projects (1)" })).toBeVisible();
  await expect(hannah.page.getByText(`Related Project ${t}`)).toBeVisible();
  await hannah.context.close();
  await marcus.context.close();
});
