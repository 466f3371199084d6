import { beforeEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { countRows, expectJson, signInAs, type Staff } from "./helpers";
import type { Activity, ActivityListItem, RelatedRecord } from "../../contract/activity";

let staff: Staff;
type Fields = { error: { code: string; message: string; fields: Record<string, string> } };
const log = (body: Record<string, unknown>) => staff.call("POST", "/api/crm/activities", body);
const create = async <T = Record<string, unknown>>(path: string, body: Record<string, unknown>) =>
  expectJson<T>(staff.call("POST", path, body), 201);

beforeEach(async () => {
  staff = await signInAs("Sales", "Marcus Reid");
});

describe("activities", () => {
  it("logs a Note by the signed-in user when no one else is named", async () => {
    const { activity } = await expectJson<{ activity: Activity }>(log({ summary: "  Called about the logo  " }), 201);
    expect(activity).toMatchObject({
      summary: "Called about the logo",
      type: "Note",
      who_username: staff.id,
      related_type: null,
      related_id: null,
    });
  });

  it("records another team member and what it relates to", async () => {
    const owner = await signInAs("Owner");
    const client = await create<{ client: { id: string } }>("/api/crm/clients", { name: "VM Fitness" });
    const { activity } = await expectJson<{ activity: Activity }>(
      log({ summary: "Kick-off meeting", type: "Meeting", who_username: owner.id, related_type: "client", related_id: client.client.id }),
      201,
    );
    expect(activity).toMatchObject({ type: "Meeting", who_username: owner.id, related_type: "client", related_id: client.client.id });
  });

  it("refuses a related record that does not exist, or a record without its kind", async () => {
    const ghost = await expectJson<Fields>(log({ summary: "x", related_type: "lead", related_id: "no-such-lead" }), 422);
    expect(ghost.error.fields.related_id).toBe("Choose a record from the list");
    const noKind = await expectJson<Fields>(log({ summary: "x", related_id: "anything" }), 422);
    expect(noKind.error.fields.related_type).toBe("Choose what it relates to");
    const noRecord = await expectJson<Fields>(log({ summary: "x", related_type: "client" }), 422);
    expect(noRecord.error.fields.related_id).toBe("Choose a record from the list");
    expect(await countRows("activities")).toBe(0);
  });

  it("refuses the shared team account as 'Who': it is a gate, not a person", async () => {
    const team = await signInAs("Sales", "Studio Team");
    await env.DB.prepare("UPDATE users SET is_team = 1 WHERE id = ?").bind(team.id).run();
    const who = await expectJson<Fields>(log({ summary: "x", who_username: team.id }), 422);
    expect(who.error.fields.who_username).toBe("Choose someone from the team");
  });

  it("names each entry's related record in the list, and says null once that record is deleted", async () => {
    const { lead } = await create<{ lead: { id: string } }>("/api/crm/leads", { name: "Priya Shah", company: "Shah Dental" });
    const { client } = await create<{ client: { id: string } }>("/api/crm/clients", { name: "Jemrex Ltd" });
    const { project } = await create<{ project: { id: string } }>("/api/crm/projects", {
      title: "Jemrex Website",
      client_id: client.id,
      stage: "Discovery",
      status: "On Track",
    });
    await expectJson(log({ summary: "on the lead", related_type: "lead", related_id: lead.id }), 201);
    await expectJson(log({ summary: "on the client", related_type: "client", related_id: client.id }), 201);
    await expectJson(log({ summary: "on the project", related_type: "project", related_id: project.id }), 201);
    await expectJson(log({ summary: "on nothing" }), 201);
    const names = async () =>
      Object.fromEntries(
        (await expectJson<{ activities: ActivityListItem[] }>(staff.call("GET", "/api/crm/activities"), 200)).activities.map((a) => [
          a.summary,
          a.related_name,
        ]),
      );
    expect(await names()).toEqual({
      "on the lead": "Priya Shah",
      "on the client": "Jemrex Ltd",
      "on the project": "Jemrex Website",
      "on nothing": null,
    });
    await expectJson(staff.call("DELETE", `/api/crm/leads/${lead.id}`), 200);
    expect((await names())["on the lead"]).toBeNull();
  });

  it("looks up related records by kind and part of the name, any case, at most 20", async () => {
    await create("/api/crm/leads", { name: "Priya Shah", company: "Shah Dental" });
    await create("/api/crm/leads", { name: "Tom Byrne", company: "Ancoats Coffee Co" });
    await create("/api/crm/clients", { name: "Ancoats Bakery" });
    const find = async (type: string, q: string) =>
      (await expectJson<{ records: RelatedRecord[] }>(staff.call("GET", `/api/crm/activities/related?type=${type}&q=${q}`), 200)).records;
    expect(await find("lead", "SHAH")).toEqual([expect.objectContaining({ name: "Priya Shah", detail: "Shah Dental" })]);
    // A lead is found by its company too; a client's name is not a lead.
    expect((await find("lead", "ancoats")).map((r) => r.name)).toEqual(["Tom Byrne"]);
    expect((await find("client", "ancoats")).map((r) => r.name)).toEqual(["Ancoats Bakery"]);
    expect(await find("project", "ancoats")).toEqual([]);
    for (let i = 0; i < 25; i++)
      await env.DB.prepare(
        "INSERT INTO leads (id, name, status, created_at, updated_at) VALUES (?, ?, 'New', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      )
        .bind(`bulk-${i}`, `Bulk ${i}`)
        .run();
    expect(await find("lead", "bulk")).toHaveLength(20);
    expect((await staff.call("GET", "/api/crm/activities/related?type=cat&q=x")).status).toBe(422);
  });

  it("requires a summary, a known type and a team member", async () => {
    const blank = await expectJson<Fields>(log({ summary: " " }), 422);
    expect(blank.error.fields.summary).toBe("Summary is required");
    expect((await log({ summary: "x", type: "Tweet" })).status).toBe(422);
    const who = await expectJson<Fields>(log({ summary: "x", who_username: "ghost" }), 422);
    expect(who.error.fields.who_username).toBe("Choose someone from the team");
    expect(await countRows("activities")).toBe(0);
  });

  it("lists newest first", async () => {
    await expectJson(log({ summary: "first", type: "Call" }), 201);
    await expectJson(log({ summary: "second", type: "Email" }), 201);
    const { activities } = await expectJson<{ activities: Activity[] }>(staff.call("GET", "/api/crm/activities"), 200);
    expect(activities.map((a) => a.summary)).toEqual(["second", "first"]);
  });
});
