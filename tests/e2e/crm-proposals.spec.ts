/** Projects board drag (keyboard), proposal accept + follow-up, invoice print page, task toggle counts. */
import { expect, test } from "./fixtures";
import { createLead, keyboardDrag, signIn, tag, withStudioSettings } from "./support";

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

test("move a project to another stage with the keyboard; it stays after a reload", async ({ page }) => {
  await signIn(page.request);
  const title = `Drag Project ${Date.now()}`;
  const res = await page.request.post("/api/crm/projects", { data: { title, stage: "Discovery", status: "At Risk" } });
  expect(res.status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/crm/projects");
  const discovery = page.getByRole("region", { name: "Discovery column" });
  const design = page.getByRole("region", { name: "Design column" });
  await keyboardDrag(page, discovery.getByRole("button", { name: `Move ${title}` }), design);
  await expect(page.getByText("Project moved to Design")).toBeVisible();
  await expect(design.getByText(title)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Design column" }).getByText(title)).toBeVisible();
});

test("accept a sent proposal and run its follow-up", async ({ page }) => {
  await signIn(page.request);
  const stamp = Date.now();
  const leadId = (await createLead(page.request, { name: `Accept Lead ${stamp}`, company: `Accept Co ${stamp}` })).id;
  const title = `Website rebuild ${stamp}`;
  const created = await page.request.post("/api/crm/proposals", { data: { title, value: 4800, status: "Sent", lead_id: leadId } });
  expect(created.status()).toBe(201);

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

  const after = (await (await page.request.get(`/api/crm/leads/${leadId}`)).json()) as {
    lead: { status: string; converted_to_client_id: string | null };
  };
  expect(after.lead.status).toBe("Won");
  expect(after.lead.converted_to_client_id).toBeTruthy();
  const projects = (await (await page.request.get(`/api/crm/projects?client_id=${after.lead.converted_to_client_id}`)).json()) as {
    projects: unknown[];
  };
  expect(projects.projects.length).toBeGreaterThan(0);
});

test("accept's follow-up with only Create project ticked: the lead is Won and its project starts", async ({ page }) => {
  await signIn(page.request);
  const stamp = Date.now();
  const lead = await createLead(page.request, { name: `Project Only ${stamp}`, status: "Negotiation" });
  const title = `Shop build ${stamp}`;
  expect((await page.request.post("/api/crm/proposals", { data: { title, status: "Sent", lead_id: lead.id } })).status()).toBe(201);

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

  const after = (await (await page.request.get(`/api/crm/leads/${lead.id}`)).json()) as {
    lead: { status: string; converted_to_client_id: string | null };
  };
  expect(after.lead.status).toBe("Won");
  const { projects } = (await (await page.request.get("/api/crm/projects")).json()) as {
    projects: { lead_id: string | null; client_id: string | null; stage: string }[];
  };
  expect(projects.filter((p) => p.lead_id === lead.id)).toEqual([
    expect.objectContaining({ client_id: after.lead.converted_to_client_id, stage: "Discovery" }),
  ]);
});

test("create an invoice and open its print page", async ({ page }) => {
  test.slow(); // It may wait for another test to finish with the studio settings.
  await withStudioSettings(async () => {
    let restoreSettings: (() => Promise<void>) | undefined;
    try {
      await signIn(page.request);
      const stamp = Date.now();
      const client = await page.request.post("/api/crm/clients", { data: { name: `Invoice Client ${stamp}` } });
      const clientId = ((await client.json()) as { client: { id: string } }).client.id;
      const project = await page.request.post("/api/crm/projects", { data: { title: `Invoice Project ${stamp}`, client_id: clientId } });
      expect(project.status()).toBe(201);
      // Studio details with a VAT number, so the printed invoice shows its VAT line. The studio's own
      // details are put back at the end, for the tests that need its bank details.
      const current = (await (await page.request.get("/api/crm/settings")).json()) as {
        settings: Record<string, unknown>;
        updated_at: string | null;
      };
      restoreSettings = async () => {
        const now = (await (await page.request.get("/api/crm/settings")).json()) as { updated_at: string | null };
        const put = await page.request.put("/api/crm/settings", { data: { ...current.settings, updated_at: now.updated_at } });
        expect(put.ok()).toBeTruthy();
      };
      const saved = await page.request.put("/api/crm/settings", {
        data: {
          studio_name: "Redbrick Studio",
          address: "1 Brick Lane\nManchester M4 1AA",
          vat_number: "GB 123 4567 89",
          updated_at: current.updated_at,
        },
      });
      expect(saved.ok()).toBeTruthy();

      await page.goto("/crm/invoices");
      await page.getByRole("button", { name: "New Invoice" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Invoice" });
      await expect(dialog.getByLabel("Invoice Number")).toHaveValue(/^INV-\d{6}-\d{3}$/);
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
      const withVat = (await (await page.request.get("/api/crm/settings")).json()) as {
        settings: Record<string, unknown>;
        updated_at: string;
      };
      const cleared = await page.request.put("/api/crm/settings", {
        data: {
          studio_name: "Redbrick Studio",
          address: "1 Brick Lane\nManchester M4 1AA",
          vat_number: null,
          updated_at: withVat.updated_at,
        },
      });
      expect(cleared.ok()).toBeTruthy();
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
      await page.screenshot({ path: "/tmp/invoice-print.png", fullPage: true });
      // Printing hides the CRM chrome.
      await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    } finally {
      await restoreSettings?.();
    }
  });
});

test("Mark as paid records the paid date; the list says what is owed and filters by status", async ({ page }) => {
  await signIn(page.request);
  const stamp = Date.now();
  const client = (
    (await (await page.request.post("/api/crm/clients", { data: { name: `Owing ${stamp}` } })).json()) as { client: { id: string } }
  ).client.id;
  const add = async (number: string, status: string, total: number, due: string) =>
    expect(
      (
        await page.request.post("/api/crm/invoices", {
          data: { number, client_id: client, total, date: "2026-01-01", due_date: due, status },
        })
      ).status(),
    ).toBe(201);
  await page.goto("/crm/invoices");
  const outstanding = page.getByTestId("invoices-outstanding");
  const overdue = page.getByTestId("invoices-overdue");
  const pounds = async (l: typeof outstanding) => Number((await l.textContent())!.replace(/[£,]/g, ""));
  const before = { outstanding: await pounds(outstanding), overdue: await pounds(overdue) };

  await add(`INV-OWE-${stamp}-1`, "Sent", 300, "2099-01-01");
  await add(`INV-OWE-${stamp}-2`, "Sent", 200.5, "2026-01-15"); // past due: overdue though still Sent
  await add(`INV-OWE-${stamp}-3`, "Draft", 999, "2099-01-01"); // not yet asked for
  await page.reload();
  await expect.poll(() => pounds(outstanding)).toBeCloseTo(before.outstanding + 500.5, 2);
  await expect.poll(() => pounds(overdue)).toBeCloseTo(before.overdue + 200.5, 2);

  const card = page.getByTestId("invoice-card").filter({ hasText: `INV-OWE-${stamp}-1` });
  await card.getByRole("button", { name: `Mark as paid: INV-OWE-${stamp}-1` }).click();
  await page.getByRole("dialog", { name: "Mark as paid" }).getByRole("button", { name: "Mark as paid" }).click();
  await expect(page.getByText(`INV-OWE-${stamp}-1 marked as paid`)).toBeVisible();
  await expect(card.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(card.getByRole("button", { name: /Mark as paid/ })).toHaveCount(0);
  await expect(card).toContainText(formatLondon(daysFromToday(0)));
  await expect.poll(() => pounds(outstanding)).toBeCloseTo(before.outstanding + 200.5, 2);

  // The status filter is in the URL, and the totals above still count every invoice.
  await page.getByLabel("Filter by status").selectOption("Draft");
  await expect(page).toHaveURL(/status=Draft/);
  await expect(page.getByTestId("invoice-card").filter({ hasText: `INV-OWE-${stamp}-3` })).toBeVisible();
  await expect(page.getByTestId("invoice-card").filter({ hasText: `INV-OWE-${stamp}-1` })).toHaveCount(0);
  await expect.poll(() => pounds(outstanding)).toBeCloseTo(before.outstanding + 200.5, 2);
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

test("ticking a task moves it from To Do to Completed and both counts change", async ({ page }) => {
  await signIn(page.request);
  const title = `Toggle Task ${Date.now()}`;
  const res = await page.request.post("/api/crm/tasks", { data: { title, priority: "High", due_date: "2020-01-01", notes: "Call back" } });
  expect(res.status()).toBe(201);
  await page.goto("/crm/tasks");
  const todoHeading = page.getByRole("heading", { name: /^To Do \(\d+\)$/ });
  const doneHeading = page.getByRole("heading", { name: /^Completed \(\d+\)$/ });
  const count = async (h: typeof todoHeading) => Number((await h.textContent())!.match(/\((\d+)\)/)![1]);
  await expect(page.getByRole("region", { name: /^To Do/ }).getByText(title)).toBeVisible();
  const todo = await count(todoHeading);
  const done = await count(doneHeading);
  // click, not check(): the box is controlled by the task list, which updates a tick after the click
  // (and a live refetch may be in flight), so wait for the state rather than demand it at once.
  const box = page.getByRole("checkbox", { name: `Completed: ${title}` });
  await box.click();
  await expect(box).toBeChecked();
  await expect(page.getByRole("heading", { name: `To Do (${todo - 1})` })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Completed (${done + 1})` })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Completed/ }).getByText(title)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: `Completed (${done + 1})` })).toBeVisible();
});

test("tasks mark Overdue and Today, Mine shows only mine, and a task for a lead links to it", async ({ page }) => {
  await signIn(page.request);
  const me = ((await (await page.request.get("/api/auth/me")).json()) as { user: { id: string } }).user.id;
  const t = tag();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  const lead = await createLead(page.request, { name: `Task Lead ${t}` });
  const add = async (data: Record<string, unknown>) => expect((await page.request.post("/api/crm/tasks", { data })).status()).toBe(201);
  await add({ title: `Late ${t}`, due_date: "2020-01-01", assignee_username: me, related_type: "lead", related_id: lead.id });
  await add({ title: `Now ${t}`, due_date: today, assignee_username: me });
  await add({ title: `Someone else's ${t}`, due_date: "2099-01-01" });
  await page.goto("/crm/tasks");
  const item = (title: string) => page.getByTestId("task-item").filter({ hasText: title });
  await expect(item(`Late ${t}`)).toContainText("Overdue");
  await expect(item(`Now ${t}`)).toContainText("Today");
  await expect(item(`Someone else's ${t}`)).not.toContainText(/Overdue|Today/);

  await page.getByRole("checkbox", { name: "Mine" }).check();
  await expect(page).toHaveURL(/[?&]mine=1/);
  await expect(item(`Now ${t}`)).toBeVisible();
  await expect(item(`Someone else's ${t}`)).toHaveCount(0);

  await item(`Late ${t}`).getByRole("link", { name: lead.name }).click();
  await expect(page.getByRole("dialog", { name: lead.name })).toBeVisible();
});

test("two quick ticks both stay ticked while the first is still saving", async ({ page }) => {
  await signIn(page.request);
  const stamp = Date.now();
  const titles = [`Quick Tick A ${stamp}`, `Quick Tick B ${stamp}`];
  const ids: string[] = [];
  for (const title of titles) {
    const res = await page.request.post("/api/crm/tasks", { data: { title } });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { task: { id: string } }).task.id);
  }
  // Hold the first tick's save in the network: the second saves and settles while it is pending.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(`**/api/crm/tasks/${ids[0]}`, async (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    await released;
    await route.continue();
  });
  await page.goto("/crm/tasks");
  const [first, second] = titles.map((t) => page.getByRole("checkbox", { name: `Completed: ${t}` }));
  await first.click();
  await expect(first).toBeChecked();
  const secondSaved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith(`/api/crm/tasks/${ids[1]}`));
  await second.click();
  expect((await secondSaved).ok()).toBeTruthy();
  // The second tick's refresh must not bring back the server's copy, where the first is unticked.
  await page.waitForTimeout(1_000);
  await expect(first).toBeChecked();
  await expect(second).toBeChecked();
  release();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: `Completed: ${titles[0]}` })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `Completed: ${titles[1]}` })).toBeChecked();
});

test("a stale project edit (409) says it changed, keeps the typed input, and saving again keeps both edits", async ({ page }) => {
  // Cut the live channel so this tab really holds a stale copy (live updates would refresh it first).
  await page.routeWebSocket(/\/api\/crm\/live/, () => {});
  await signIn(page.request);
  const title = `Contested Project ${Date.now()}`;
  const made = await page.request.post("/api/crm/projects", { data: { title } });
  expect(made.status()).toBe(201);
  const { project } = (await made.json()) as { project: { id: string; updated_at: string } };
  await page.goto("/crm/projects");
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Project" });
  await expect(dialog.getByLabel("Title")).toHaveValue(title);

  const other = await page.request.patch(`/api/crm/projects/${project.id}`, { data: { budget: 7500, updated_at: project.updated_at } });
  expect(other.status()).toBe(200);

  await dialog.getByLabel("Notes").fill("My unsaved notes");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("This project was changed by someone else")).toBeVisible();
  await expect(dialog.getByLabel("Notes")).toHaveValue("My unsaved notes");

  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  const saved = (
    (await (await page.request.get(`/api/crm/projects/${project.id}`)).json()) as { project: { notes: string; budget: number } }
  ).project;
  expect(saved).toMatchObject({ notes: "My unsaved notes", budget: 7500 });
});

test("a proposal is written as a document: introduction, sections, line items that make its value, valid until and terms", async ({
  page,
}) => {
  test.slow(); // It may wait for another test to finish with the studio settings.
  await withStudioSettings(async () => {
    await signIn(page.request);
    const stamp = Date.now();
    const lead = await createLead(page.request, { name: `Document Lead ${stamp}` });
    const title = `Bakery website ${stamp}`;
    // The studio's terms, which a new proposal starts from.
    const current = (await (await page.request.get("/api/crm/settings")).json()) as { settings: object; updated_at: string | null };
    const studioTerms = `Studio terms ${stamp}: 50% to start.`;
    expect(
      (
        await page.request.put("/api/crm/settings", {
          data: { ...current.settings, proposal_terms: studioTerms, updated_at: current.updated_at },
        })
      ).ok(),
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

    const { proposals } = (await (await page.request.get("/api/crm/proposals")).json()) as {
      proposals: { title: string; value: number; intro: string; sections: unknown; lines: unknown; valid_until: string; terms: string }[];
    };
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
  page,
  browser,
}) => {
  await signIn(page.request);
  const stamp = Date.now();
  const lead = await createLead(page.request, { name: `Share Lead ${stamp}` });
  const title = `Shop website ${stamp}`;
  const made = await page.request.post("/api/crm/proposals", {
    data: {
      title,
      lead_id: lead.id,
      intro: "Thank you for your time.",
      sections: [{ heading: "Scope", body: "- Shop\n- Blog" }],
      lines: [{ description: "Shop build", quantity: 1, unit_price: 3600 }],
      terms: "Half to start.",
    },
  });
  expect(made.status()).toBe(201);

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
