import { beforeEach, describe, expect, it } from "vitest";
import { errorOf, expectJson, rows, signInAs, unchecked, type Staff } from "../support/helpers";
import type { Project, ProjectInput, ProjectPatch } from "../../../contract/project";

let staff: Staff;
const addProject = async (body: ProjectInput) => (await expectJson(staff.api.crm.projects.$post({ json: body }), 201)).project;
const patch = (p: Project, body: Omit<ProjectPatch, "updated_at">) =>
  staff.api.crm.projects[":id"].$patch({ param: { id: p.id }, json: { ...body, updated_at: p.updated_at } });

beforeEach(async () => {
  staff = await signInAs("Sales");
});

describe("projects", () => {
  it("creates in Discovery, On Track, Web Design by default, with the client's name joined", async () => {
    const { client } = await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme" } }), 201);
    const project = await addProject({ title: " Shop ", client_id: client.id, budget: 2500.5, start_date: "", due_date: "2026-06-30" });
    expect(project).toMatchObject({
      title: "Shop",
      stage: "Discovery",
      status: "On Track",
      type: "Web Design",
      client_id: client.id,
      client_name: "Acme",
      budget: 2500.5,
      start_date: null,
      due_date: "2026-06-30",
    });
  });

  it("validates title, budget, dates, status and the linked client and lead", async () => {
    const title = await errorOf(staff.api.crm.projects.$post({ json: { title: "" } }), 422);
    expect(title.fields?.title).toBe("Title is required");
    const budget = await errorOf(staff.api.crm.projects.$post({ json: { title: "A", budget: unchecked("lots") } }), 422);
    expect(budget.fields?.budget).toBe("Enter a number");
    const date = await errorOf(staff.api.crm.projects.$post({ json: { title: "A", due_date: "30/06/2026" } }), 422);
    expect(date.fields?.due_date).toBe("Enter a date as YYYY-MM-DD");
    // Completed is offered only when editing.
    expect((await staff.api.crm.projects.$post({ json: { title: "A", status: unchecked("Completed") } })).status).toBe(422);
    const client = await errorOf(staff.api.crm.projects.$post({ json: { title: "A", client_id: "nope" } }), 422);
    expect(client.fields?.client_id).toBe("That client does not exist");
    const lead = await errorOf(staff.api.crm.projects.$post({ json: { title: "A", lead_id: "nope" } }), 422);
    expect(lead.fields?.lead_id).toBe("That lead does not exist");
  });

  it("moves a project across stages without touching the rest, and allows Completed on edit", async () => {
    const project = await addProject({ title: "Board", type: "Branding", status: "At Risk", budget: 100 });
    const { project: moved } = await expectJson(patch(project, { stage: "Build" }), 200);
    expect(moved).toMatchObject({ stage: "Build", type: "Branding", status: "At Risk", budget: 100 });
    const { project: renamed } = await expectJson(patch(moved, { title: "Board v2", status: "Completed" }), 200);
    // Editing the title keeps the stage it was dragged to.
    expect(renamed).toMatchObject({ title: "Board v2", stage: "Build", status: "Completed" });
    const blank = await errorOf(patch(renamed, { title: "   " }), 422);
    expect(blank.fields?.title).toBe("Title is required");
  });

  it("refuses a stale edit with 409 and answers 404 for an unknown project", async () => {
    const project = await addProject({ title: "Board" });
    await expectJson(patch(project, { stage: "Design" }), 200);
    expect((await patch(project, { stage: "Review" })).status).toBe(409);
    expect((await rows<{ stage: string }>("SELECT stage FROM projects"))[0].stage).toBe("Design");
    expect((await staff.api.crm.projects[":id"].$get({ param: { id: "nope" } })).status).toBe(404);
    expect(
      (await staff.api.crm.projects[":id"].$patch({ param: { id: "nope" }, json: { stage: "Done", updated_at: project.updated_at } }))
        .status,
    ).toBe(404);
    expect((await staff.api.crm.projects[":id"].$delete({ param: { id: "nope" } })).status).toBe(404);
  });

  it("answers the overview: total, total value, completed = count in Done", async () => {
    await addProject({ title: "A", budget: 1000 });
    await addProject({ title: "B", budget: 250.25, stage: "Done" });
    await addProject({ title: "C", stage: "Done" });
    const d = await addProject({ title: "D", budget: 50 });
    // Status Completed outside the Done column does not count as completed.
    await expectJson(patch(d, { status: "Completed" }), 200);
    const list = await expectJson(staff.api.crm.projects.$get({ query: {} }), 200);
    expect(list.overview).toEqual({ total: 4, value: 1300.25, completed: 2 });
    expect(list.projects.map((p) => p.title)).toEqual(["D", "C", "B", "A"]);
  });

  it("filters by client for the client detail and invoice picker", async () => {
    const { client } = await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme" } }), 201);
    await addProject({ title: "Mine", client_id: client.id });
    await addProject({ title: "Other" });
    const list = await expectJson(staff.api.crm.projects.$get({ query: { client_id: client.id } }), 200);
    expect(list.projects.map((p) => p.title)).toEqual(["Mine"]);
  });

  it("deletes a project", async () => {
    const project = await addProject({ title: "Gone" });
    await expectJson(staff.api.crm.projects[":id"].$delete({ param: { id: project.id } }), 200);
    expect((await staff.api.crm.projects[":id"].$get({ param: { id: project.id } })).status).toBe(404);
  });
});
