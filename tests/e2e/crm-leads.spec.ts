/**
 * The leads table and dialogs: Add Lead with every field, edit validation, delete confirmation, a
 * stale edit, a call logged on the Timeline, and follow-ups.
 */
import { expect, test } from "./fixtures";
import { api, createLead, expectStatus, readLead, signIn, staff, tag } from "./support";

test("Add Lead takes status, deal value, next action, follow-up date and notes, and the lead shows them", async ({ salesTab: page }) => {
  const name = `Full Lead ${tag()}`;
  await page.goto("/crm/leads");
  await page.getByRole("button", { name: "New Lead" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Lead" });
  await expect(dialog.getByLabel("Status")).toHaveValue("New");
  // Deal Value shows only for Proposal Sent, Negotiation, Won and Lost.
  await expect(dialog.getByLabel("Deal Value (£)")).toHaveCount(0);

  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Company").fill("Ancoats Print Co");
  await dialog.getByLabel("Status").selectOption("Negotiation");
  await dialog.getByLabel("Deal Value (£)").fill("3250");
  await dialog.getByLabel("Next Action").fill("Send the revised quote");
  await dialog.getByLabel("Follow-up Date").fill("2031-03-14");
  await dialog.getByLabel("Notes").fill("Wants a shop by spring.");
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/api/crm/leads"));
  await dialog.getByRole("button", { name: "Add Lead" }).click();
  const { lead } = (await (await saved).json()) as { lead: { id: string } };
  await expect(page.getByText("Lead added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto(`/crm/leads?q=${encodeURIComponent(name)}`);
  await page.getByRole("button", { name: `View ${name}` }).click();
  const detail = page.getByRole("dialog", { name });
  await expect(detail.getByText("Negotiation", { exact: true })).toBeVisible();
  await expect(detail.getByText("£3,250.00")).toBeVisible();
  await expect(detail.getByText("Send the revised quote")).toBeVisible();
  await expect(detail.getByText("Wants a shop by spring.")).toBeVisible();
  const stored = await readLead(page.request, lead.id);
  expect(stored).toMatchObject({ status: "Negotiation", value: 3250, follow_up_date: "2031-03-14", email: null, phone: null });
});

test("editing a lead whose notes the list cut starts from the whole notes, and saving keeps them", async ({ salesTab: page }) => {
  const notes = `${"Wants a booking page with deposits. ".repeat(40)}The end.`;
  const lead = await createLead(page.request, { name: `Long notes ${tag()}`, notes });
  await page.goto(`/crm/leads?q=${encodeURIComponent(lead.name)}`);
  await page.getByRole("button", { name: `Edit ${lead.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lead" });
  await expect(dialog.getByLabel("Notes")).toHaveValue(notes);
  await dialog.getByLabel("Company").fill("Deposits Ltd");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Lead updated successfully")).toBeVisible();
  const saved = await readLead(page.request, lead.id);
  expect(saved).toMatchObject({ notes, company: "Deposits Ltd" });
});

test("edit validation: a blank name shows 'Name is required'; a valid edit saves", async ({ salesTab: page }) => {
  const lead = await createLead(page.request, { name: `Editable ${tag()}`, company: "Edit Ltd", email: "edit@example.com" });
  await page.goto(`/crm/leads?q=${encodeURIComponent(lead.name)}`);
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Edit ${lead.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lead" });
  const name = dialog.getByLabel("Name", { exact: true });
  await name.fill("   ");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");

  // Deal Value only shows for Proposal Sent, Negotiation, Won and Lost.
  await expect(dialog.getByLabel("Deal Value (£)")).toHaveCount(0);
  await dialog.getByLabel("Status").selectOption("Negotiation");
  await dialog.getByLabel("Deal Value (£)").fill("1500");
  await name.fill(`  ${lead.name} Renamed  `);
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Lead updated successfully")).toBeVisible();
  const saved = await readLead(page.request, lead.id);
  expect(saved).toMatchObject({ name: `${lead.name} Renamed`, value: 1500, status: "Negotiation" });
});

test("delete asks for confirmation first", async ({ salesTab: page }) => {
  const lead = await createLead(page.request, { name: `Doomed ${tag()}` });
  await page.goto(`/crm/leads?q=${encodeURIComponent(lead.name)}`);
  await page.getByRole("button", { name: `Delete ${lead.name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Lead" });
  await expect(confirm.getByText(`Are you sure you want to delete "${lead.name}"?`)).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: `View ${lead.name}` })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${lead.name}` }).click();
  await page.getByRole("dialog", { name: "Delete Lead" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Lead deleted successfully")).toBeVisible();
  await expect(page.getByText("No leads match your filters")).toBeVisible();
  expect((await api(page.request).crm.leads[":id"].$get({ param: { id: lead.id } })).status).toBe(404);
});

test("a stale edit (409) says the lead changed, keeps the typed input, and saves on retry", async ({ page }) => {
  await signIn(page.request, staff.sales);
  // With live updates on, the other person's save reaches this tab first and no 409 happens;
  // cut the live channel so the tab really holds a stale copy (as in the gap before a reconnect).
  await page.routeWebSocket(/\/api\/crm\/live/, () => {});
  const lead = await createLead(page.request, { name: `Contested ${tag()}` });
  await page.goto(`/crm/leads?q=${encodeURIComponent(lead.name)}`);
  await page.getByRole("button", { name: `Edit ${lead.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Lead" });
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(lead.name);

  // Someone else saves first.
  const current = await readLead(page.request, lead.id);
  const other = await api(page.request).crm.leads[":id"].$patch({
    param: { id: lead.id },
    json: { company: "Changed Elsewhere", updated_at: current.updated_at },
  });
  expect(other.status).toBe(200);

  // The reload after the 409 takes a moment (as on a slow connection): a save pressed at once
  // must wait for the fresh copy instead of being refused again.
  await page.route(`**/api/crm/leads/${lead.id}`, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    await new Promise((r) => setTimeout(r, 1_500));
    await route.fallback();
  });
  await dialog.getByLabel("Next Action").fill("My unsaved next step");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("This lead was changed by someone else")).toBeVisible();
  await expect(dialog.getByLabel("Next Action")).toHaveValue("My unsaved next step");
  await expect(dialog.getByRole("button", { name: "Saving..." })).toBeDisabled();

  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Lead updated successfully")).toBeVisible();
  const saved = await readLead(page.request, lead.id);
  // Only the changed field is sent, so the other person's edit survives.
  expect(saved).toMatchObject({ next_action: "My unsaved next step", company: "Changed Elsewhere" });
});

test("a call logged on a lead's Timeline is in the Activity Feed, then sets the next follow-up and ticks off the task", async ({
  salesTab: page,
}) => {
  const t = tag();
  const lead = await createLead(page.request, { name: `Caller ${t}`, company: "Ring Co" });
  const { crm } = api(page.request);
  const task = await expectStatus(
    crm.tasks.$post({ json: { title: `Follow up on lead: ${lead.name}`, related_type: "lead", related_id: lead.id } }),
    201,
  );
  // Logged in the feed for this lead beforehand: the timeline shows it too.
  await crm.activities.$post({ json: { type: "Email", summary: `Sent the brochure ${t}`, related_type: "lead", related_id: lead.id } });

  await page.goto(`/crm/leads?lead=${lead.id}`);
  const detail = page.getByRole("dialog", { name: lead.name });
  await detail.getByRole("tab", { name: "Timeline" }).click();
  const timeline = detail.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByRole("listitem").filter({ hasText: `Sent the brochure ${t}` })).toContainText("Email · Marcus Reid");

  await detail.getByRole("button", { name: "Log Activity" }).click();
  await expect(detail.getByText("Summary is required")).toBeVisible();
  await detail.getByRole("radio", { name: "Meeting" }).check();
  await detail.getByRole("radio", { name: "Call" }).check();
  await detail.getByLabel("Summary").fill(`Called, keen on a rebuild ${t}`);
  await detail.getByRole("button", { name: "Log Activity" }).click();
  await expect(page.getByText("Activity added successfully")).toBeVisible();
  await expect(timeline.getByRole("listitem").first()).toContainText(`Called, keen on a rebuild ${t}`);
  await expect(timeline.getByRole("listitem").first()).toContainText("Call · Marcus Reid");

  // What next: the follow-up date, and the open task done.
  const next = detail.getByRole("region", { name: "Logged. What next?" });
  await next.getByLabel("Next follow-up").fill("2031-03-14");
  await next.getByRole("button", { name: "Set follow-up" }).click();
  await expect(page.getByText("Lead updated successfully")).toBeVisible();
  await expect.poll(async () => (await readLead(page.request, lead.id)).follow_up_date).toBe("2031-03-14");
  await next.getByRole("button", { name: `Complete task: Follow up on lead: ${lead.name}` }).click();
  await expect(next.getByText("Completed")).toBeVisible();
  const { tasks } = await expectStatus(crm.tasks.$get(), 200);
  expect(tasks.find((x) => x.id === task.task.id)?.completed).toBe(true);
  await next.getByRole("button", { name: "Done" }).click();
  await expect(detail.getByRole("button", { name: "Log Activity" })).toBeVisible();

  // The same entry in the Activity Feed, credited and related to the lead.
  await page.keyboard.press("Escape");
  await page.goto("/crm/activity?type=Call");
  const entry = page.getByRole("listitem").filter({ hasText: `Called, keen on a rebuild ${t}` });
  await expect(entry).toContainText("Marcus Reid");
  await expect(entry.getByRole("link", { name: lead.name })).toBeVisible();
});

test("Follow-up: a sortable column, a 'Follow-up due' filter marking overdue ones, actions in view at 1366 px, and due cards on the pipeline", async ({
  salesTab: page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const t = tag();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const overdue = await createLead(page.request, { name: `Overdue ${t}`, follow_up_date: "2026-01-05", status: "Qualified" });
  await createLead(page.request, { name: `Today ${t}`, follow_up_date: today });
  await createLead(page.request, { name: `Later ${t}`, follow_up_date: "2099-01-01" });
  await createLead(page.request, { name: `Won ${t}`, follow_up_date: "2026-01-01", status: "Won" });

  await page.goto(`/crm/leads?q=${t}`);
  const names = page.locator("tbody tr td:first-child");
  await expect(names).toHaveCount(4);
  await page.getByRole("button", { name: "Follow-up", exact: true }).click();
  await expect(page).toHaveURL(/sort=follow_up/);
  await expect(names).toHaveText([`Won ${t}`, `Overdue ${t}`, `Today ${t}`, `Later ${t}`]);

  await page.getByRole("checkbox", { name: "Follow-up due" }).check();
  await expect(page).toHaveURL(/follow_up=due/);
  await expect(names).toHaveText([`Overdue ${t}`, `Today ${t}`]);
  const row = (name: string) => page.getByRole("row").filter({ hasText: name });
  await expect(row(`Overdue ${t}`)).toContainText("5 Jan 2026");
  await expect(row(`Overdue ${t}`)).toContainText("Overdue");
  await expect(row(`Today ${t}`)).toContainText("Today");
  // The row's actions sit inside the window, no sideways scroll needed.
  const del = page.getByRole("button", { name: `Delete Overdue ${t}` });
  await expect(del).toBeInViewport({ ratio: 1 });

  await page.goto("/crm");
  await expect(page.locator(`li[data-lead-id="${overdue.id}"]`)).toContainText("Follow-up overdue · 5 Jan 2026");
});
