/** The projects board: a stage changed by keyboard stays; a stale edit (409) keeps what was typed and saves both edits. */
import { expect, test } from "./fixtures";
import { api, expectStatus, keyboardDrag } from "./support";

test("move a project to another stage with the keyboard; it stays after a reload", async ({ ownerTab: page }) => {
  const title = `Drag Project ${Date.now()}`;
  await expectStatus(api(page.request).crm.projects.$post({ json: { title, stage: "Discovery", status: "At Risk" } }), 201);
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

test("a stale project edit (409) says it changed, keeps the typed input, and saving again keeps both edits", async ({ ownerTab: page }) => {
  // Cut the live channel so this tab really holds a stale copy (live updates would refresh it first).
  await page.routeWebSocket(/\/api\/crm\/live/, () => {});
  const title = `Contested Project ${Date.now()}`;
  const { crm } = api(page.request);
  const { project } = await expectStatus(crm.projects.$post({ json: { title } }), 201);
  await page.goto("/crm/projects");
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Project" });
  await expect(dialog.getByLabel("Title")).toHaveValue(title);

  const other = await crm.projects[":id"].$patch({ param: { id: project.id }, json: { budget: 7500, updated_at: project.updated_at } });
  expect(other.status).toBe(200);

  await dialog.getByLabel("Notes").fill("My unsaved notes");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("This project was changed by someone else")).toBeVisible();
  await expect(dialog.getByLabel("Notes")).toHaveValue("My unsaved notes");

  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  const saved = (await expectStatus(crm.projects[":id"].$get({ param: { id: project.id } }), 200)).project;
  expect(saved).toMatchObject({ notes: "My unsaved notes", budget: 7500 });
});
