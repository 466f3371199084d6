/**
 * Live updates reach screens that show one entity inside another: another person's status
 * change appears in an open lead's Timeline, and a project created for a client appears on that
 * client's page, both without a reload (docs/decisions/0049-no-silent-lost-updates.md: every screen stays current).
 */
import { expect, test } from "./fixtures";
import { api, createClient, createLead, live, signedIn, signIn, staff, tag } from "./support";

const { owner, sales } = staff;

test("another person's status change appears in an open lead's Timeline", async ({ browser, request: marcus }) => {
  const hannah = await signedIn(browser, owner);
  // Marcus only writes, through the API.
  await signIn(marcus, sales);
  const lead = await createLead(hannah.context.request, { name: `Timeline ${tag()}` });

  await live(hannah.page, `/crm/leads?q=${encodeURIComponent(lead.name)}`);
  await hannah.page.getByRole("button", { name: `View ${lead.name}` }).click();
  const detail = hannah.page.getByRole("dialog", { name: lead.name });
  await detail.getByRole("tab", { name: "Timeline" }).click();
  await expect(detail.getByText(/Moved from New to Qualified/)).toHaveCount(0);

  const moved = await api(marcus).crm.leads[":id"].$patch({
    param: { id: lead.id },
    json: { status: "Qualified", updated_at: lead.updated_at },
  });
  expect(moved.ok).toBeTruthy();
  await expect(detail.getByText(/Moved from New to Qualified by Marcus Reid/)).toBeVisible();
  await hannah.context.close();
});

test("a project created for a client appears on that client's open page", async ({ browser, request: marcus }) => {
  const hannah = await signedIn(browser, owner);
  await signIn(marcus, sales);
  const t = tag();
  const client = await createClient(hannah.context.request, { name: `Related Client ${t}` });

  await live(hannah.page, `/crm/clients/${client.id}`);
  await expect(hannah.page.getByRole("heading", { name: "Projects (0)" })).toBeVisible();

  const project = await api(marcus).crm.projects.$post({ json: { title: `Related Project ${t}`, client_id: client.id } });
  expect(project.status).toBe(201);
  await expect(hannah.page.getByRole("heading", { name: "Projects (1)" })).toBeVisible();
  await expect(hannah.page.getByText(`Related Project ${t}`)).toBeVisible();
  await hannah.context.close();
});
