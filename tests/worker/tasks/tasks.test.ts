import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { expectJson, signInAs, type Staff } from "../support/helpers";
import type { Task } from "../../../contract/task";

let staff: Staff;
type Fields = { error: { code: string; message: string; fields: Record<string, string> } };
const addTask = async (body: Record<string, unknown>) =>
  (await expectJson<{ task: Task }>(staff.call("POST", "/api/crm/tasks", body), 201)).task;
const patch = (t: Task, body: Record<string, unknown>) =>
  staff.call("PATCH", `/api/crm/tasks/${t.id}`, { ...body, updated_at: t.updated_at });
const openCount = async () => (await expectJson<{ open: number }>(staff.call("GET", "/api/crm/tasks/open-count"), 200)).open;

beforeEach(async () => {
  staff = await signInAs("Sales");
});

describe("tasks", () => {
  it("lists each task with its related record's name, so the list can link to it; a deleted one reads null", async () => {
    const { lead } = await expectJson<{ lead: { id: string } }>(staff.call("POST", "/api/crm/leads", { name: "Priya Shah" }), 201);
    const { client } = await expectJson<{ client: { id: string } }>(staff.call("POST", "/api/crm/clients", { name: "Acme" }), 201);
    await addTask({ title: "Ring Priya", related_type: "lead", related_id: lead.id, due_date: "2026-01-01" });
    await addTask({ title: "Invoice Acme", related_type: "client", related_id: client.id, due_date: "2026-01-02" });
    await addTask({ title: "Tidy up" });
    const list = async () =>
      (await expectJson<{ tasks: { title: string; related_name: string | null }[] }>(staff.call("GET", "/api/crm/tasks"), 200)).tasks.map(
        (t) => [t.title, t.related_name],
      );
    expect(await list()).toEqual([
      ["Ring Priya", "Priya Shah"],
      ["Invoice Acme", "Acme"],
      ["Tidy up", null],
    ]);
    await expectJson(staff.call("DELETE", `/api/crm/leads/${lead.id}`), 200);
    expect((await list())[0]).toEqual(["Ring Priya", null]);
  });

  it("creates a task with priority Med, not completed, blanks saved as null", async () => {
    const task = await addTask({ title: " Call the printers ", notes: " ", due_date: "" });
    expect(task).toMatchObject({ title: "Call the printers", priority: "Med", completed: false, notes: null, due_date: null });
  });

  it("requires a title and a known priority and assignee", async () => {
    const blank = await expectJson<Fields>(staff.call("POST", "/api/crm/tasks", { title: "  " }), 422);
    expect(blank.error.fields.title).toBe("Title is required");
    expect((await staff.call("POST", "/api/crm/tasks", { title: "A", priority: "Urgent" })).status).toBe(422);
    const who = await expectJson<Fields>(staff.call("POST", "/api/crm/tasks", { title: "A", assignee_username: "nobody" }), 422);
    expect(who.error.fields.assignee_username).toBe("Choose someone from the team");
    // The shared team account signs people in at the gate; it is nobody to give a task to.
    const team = await signInAs("Sales", "Studio Team");
    await env.DB.prepare("UPDATE users SET is_team = 1 WHERE id = ?").bind(team.id).run();
    const gate = await expectJson<Fields>(staff.call("POST", "/api/crm/tasks", { title: "A", assignee_username: team.id }), 422);
    expect(gate.error.fields.assignee_username).toBe("Choose someone from the team");
    const task = await addTask({ title: "Mine", assignee_username: staff.id, priority: "High" });
    expect(task).toMatchObject({ assignee_username: staff.id, priority: "High" });
  });

  it("orders by due date, soonest first, with undated tasks last", async () => {
    await addTask({ title: "Undated" });
    await addTask({ title: "Later", due_date: "2026-09-01" });
    await addTask({ title: "Soon", due_date: "2026-02-01" });
    await addTask({ title: "Middle", due_date: "2026-05-01" });
    const { tasks } = await expectJson<{ tasks: Task[] }>(staff.call("GET", "/api/crm/tasks"), 200);
    expect(tasks.map((t) => t.title)).toEqual(["Soon", "Middle", "Later", "Undated"]);
  });

  it("toggles completion, keeping the rest, and counts the open ones", async () => {
    const a = await addTask({ title: "A", priority: "High", notes: "keep me" });
    await addTask({ title: "B" });
    expect(await openCount()).toBe(2);
    const { task: done } = await expectJson<{ task: Task }>(patch(a, { completed: true }), 200);
    // A toggle leaves priority and notes as they were.
    expect(done).toMatchObject({ completed: true, priority: "High", notes: "keep me" });
    expect(await openCount()).toBe(1);
    const { task: undone } = await expectJson<{ task: Task }>(patch(done, { completed: false }), 200);
    expect(undone.completed).toBe(false);
    expect(await openCount()).toBe(2);
  });

  it("refuses a blank title on edit, a stale edit, and unknown tasks", async () => {
    const task = await addTask({ title: "A" });
    const blank = await expectJson<Fields>(patch(task, { title: "" }), 422);
    expect(blank.error.fields.title).toBe("Title is required");
    await expectJson(patch(task, { title: "B" }), 200);
    expect((await patch(task, { completed: true })).status).toBe(409);
    expect((await staff.call("PATCH", "/api/crm/tasks/nope", { title: "x", updated_at: task.updated_at })).status).toBe(404);
    expect((await staff.call("DELETE", "/api/crm/tasks/nope")).status).toBe(404);
  });

  it("deletes a task", async () => {
    const task = await addTask({ title: "A" });
    await expectJson(staff.call("DELETE", `/api/crm/tasks/${task.id}`), 200);
    expect(await openCount()).toBe(0);
  });
});
