import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { errorOf, expectJson, signInAs, unchecked, type Staff } from "../support/helpers";
import type { Task, TaskInput, TaskPatch } from "../../../contract/task";

let staff: Staff;
const addTask = async (body: TaskInput) => (await expectJson(staff.api.crm.tasks.$post({ json: body }), 201)).task;
const patch = (t: Task, body: Omit<TaskPatch, "updated_at">) =>
  staff.api.crm.tasks[":id"].$patch({ param: { id: t.id }, json: { ...body, updated_at: t.updated_at } });
const openCount = async () => (await expectJson(staff.api.crm.tasks["open-count"].$get(), 200)).open;

beforeEach(async () => {
  staff = await signInAs("Sales");
});

describe("tasks", () => {
  it("lists each task with its related record's name, so the list can link to it; a deleted one reads null", async () => {
    const { lead } = await expectJson(staff.api.crm.leads.$post({ json: { name: "Priya Shah" } }), 201);
    const { client } = await expectJson(staff.api.crm.clients.$post({ json: { name: "Acme" } }), 201);
    await addTask({ title: "Ring Priya", related_type: "lead", related_id: lead.id, due_date: "2026-01-01" });
    await addTask({ title: "Invoice Acme", related_type: "client", related_id: client.id, due_date: "2026-01-02" });
    await addTask({ title: "Tidy up" });
    const list = async () => (await expectJson(staff.api.crm.tasks.$get(), 200)).tasks.map((t) => [t.title, t.related_name]);
    expect(await list()).toEqual([
      ["Ring Priya", "Priya Shah"],
      ["Invoice Acme", "Acme"],
      ["Tidy up", null],
    ]);
    await expectJson(staff.api.crm.leads[":id"].$delete({ param: { id: lead.id } }), 200);
    expect((await list())[0]).toEqual(["Ring Priya", null]);
  });

  it("creates a task with priority Med, not completed, blanks saved as null", async () => {
    const task = await addTask({ title: " Call the printers ", notes: " ", due_date: "" });
    expect(task).toMatchObject({ title: "Call the printers", priority: "Med", completed: false, notes: null, due_date: null });
  });

  it("gives a task a time on its due date, 30 minutes long unless told; a time needs a day", async () => {
    const timed = await addTask({ title: "Workshop with Carter Bakes", due_date: "2026-12-03", due_time: "14:00" });
    expect(timed).toMatchObject({ due_time: "14:00", minutes: 30 });
    expect(await addTask({ title: "Site visit", due_date: "2026-12-03", due_time: "09:15", minutes: 90 })).toMatchObject({ minutes: 90 });
    // No time, no length: minutes given alone mean nothing.
    expect(await addTask({ title: "Whenever", due_date: "2026-12-03", minutes: 45 })).toMatchObject({ due_time: null, minutes: null });

    const noDay = await errorOf(staff.api.crm.tasks.$post({ json: { title: "At two", due_time: "14:00" } }), 422);
    expect(noDay.fields?.due_time).toBe("Choose a due date for a task with a time");
    const badTime = await errorOf(staff.api.crm.tasks.$post({ json: { title: "Late", due_date: "2026-12-03", due_time: "25:00" } }), 422);
    expect(badTime.fields?.due_time).toBe("Enter a time as HH:MM, e.g. 09:30");
    const tooLong = await errorOf(
      staff.api.crm.tasks.$post({ json: { title: "All week", due_date: "2026-12-03", due_time: "09:00", minutes: 6000 } }),
      422,
    );
    expect(tooLong.fields?.minutes).toBe("At most 600 minutes");

    // An edit is checked against what is stored: the day cannot go from under the time.
    const undated = await errorOf(patch(timed, { due_date: null }), 422);
    expect(undated.fields?.due_time).toBe("Choose a due date for a task with a time");
    const moved = await expectJson(patch(timed, { due_time: "16:30", minutes: 15 }), 200);
    expect(moved.task).toMatchObject({ due_date: "2026-12-03", due_time: "16:30", minutes: 15 });
    const untimed = await expectJson(patch(moved.task, { due_time: "" }), 200);
    expect(untimed.task).toMatchObject({ due_time: null, minutes: null });
  });

  it("requires a title and a known priority and assignee", async () => {
    const blank = await errorOf(staff.api.crm.tasks.$post({ json: { title: "  " } }), 422);
    expect(blank.fields?.title).toBe("Title is required");
    expect((await staff.api.crm.tasks.$post({ json: { title: "A", priority: unchecked("Urgent") } })).status).toBe(422);
    const who = await errorOf(staff.api.crm.tasks.$post({ json: { title: "A", assignee_username: "nobody" } }), 422);
    expect(who.fields?.assignee_username).toBe("Choose someone from the team");
    // The shared team account signs people in at the gate; it is nobody to give a task to.
    const team = await signInAs("Sales", "Studio Team");
    await env.DB.prepare("UPDATE users SET is_team = 1 WHERE id = ?").bind(team.id).run();
    const gate = await errorOf(staff.api.crm.tasks.$post({ json: { title: "A", assignee_username: team.id } }), 422);
    expect(gate.fields?.assignee_username).toBe("Choose someone from the team");
    const task = await addTask({ title: "Mine", assignee_username: staff.id, priority: "High" });
    expect(task).toMatchObject({ assignee_username: staff.id, priority: "High" });
  });

  it("orders by due date, soonest first, with undated tasks last", async () => {
    await addTask({ title: "Undated" });
    await addTask({ title: "Later", due_date: "2026-09-01" });
    await addTask({ title: "Soon", due_date: "2026-02-01" });
    await addTask({ title: "Middle", due_date: "2026-05-01" });
    const { tasks } = await expectJson(staff.api.crm.tasks.$get(), 200);
    expect(tasks.map((t) => t.title)).toEqual(["Soon", "Middle", "Later", "Undated"]);
  });

  it("toggles completion, keeping the rest, and counts the open ones", async () => {
    const a = await addTask({ title: "A", priority: "High", notes: "keep me" });
    await addTask({ title: "B" });
    expect(await openCount()).toBe(2);
    const { task: done } = await expectJson(patch(a, { completed: true }), 200);
    // A toggle leaves priority and notes as they were.
    expect(done).toMatchObject({ completed: true, priority: "High", notes: "keep me" });
    expect(await openCount()).toBe(1);
    const { task: undone } = await expectJson(patch(done, { completed: false }), 200);
    expect(undone.completed).toBe(false);
    expect(await openCount()).toBe(2);
  });

  it("refuses a blank title on edit, a stale edit, and unknown tasks", async () => {
    const task = await addTask({ title: "A" });
    const blank = await errorOf(patch(task, { title: "" }), 422);
    expect(blank.fields?.title).toBe("Title is required");
    await expectJson(patch(task, { title: "B" }), 200);
    expect((await patch(task, { completed: true })).status).toBe(409);
    expect(
      (await staff.api.crm.tasks[":id"].$patch({ param: { id: "nope" }, json: { title: "x", updated_at: task.updated_at } })).status,
    ).toBe(404);
    expect((await staff.api.crm.tasks[":id"].$delete({ param: { id: "nope" } })).status).toBe(404);
  });

  it("deletes a task", async () => {
    const task = await addTask({ title: "A" });
    await expectJson(staff.api.crm.tasks[":id"].$delete({ param: { id: task.id } }), 200);
    expect(await openCount()).toBe(0);
  });
});
