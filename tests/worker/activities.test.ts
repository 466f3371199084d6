import { beforeEach, describe, expect, it } from "vitest";
import { countRows, expectJson, signInAs, type Staff } from "./api";
import type { Activity } from "../../contract/activity";

let staff: Staff;
type Fields = { error: { code: string; message: string; fields: Record<string, string> } };
const log = (body: Record<string, unknown>) => staff.call("POST", "/api/crm/activities", body);

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
    const { activity } = await expectJson<{ activity: Activity }>(
      log({ summary: "Kick-off meeting", type: "Meeting", who_username: owner.id, related_type: "client", related_id: "c-1" }),
      201,
    );
    expect(activity).toMatchObject({ type: "Meeting", who_username: owner.id, related_type: "client", related_id: "c-1" });
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
