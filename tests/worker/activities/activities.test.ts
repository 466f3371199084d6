import { beforeEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { countRows, createUser, deliverMail, errorOf, expectJson, signInAs, unchecked, type Api, type Staff } from "../support/helpers";
import gmailForward from "../../fixtures/mail/gmail-forward.eml?raw";
import {
  ACTIVITY_PAGE,
  type ActivityCursor,
  type ActivityInput,
  type ActivityListItem,
  type ActivityPage,
} from "../../../contract/activity";
import type { RelatedType } from "../../../contract/task-values";

let staff: Staff;
const log = (body: ActivityInput) => staff.api.crm.activities.$post({ json: body });
const addLead = (name: string, company: string) => expectJson(staff.api.crm.leads.$post({ json: { name, company } }), 201);
const addClient = (name: string, emails?: string[]) => expectJson(staff.api.crm.clients.$post({ json: { name, emails } }), 201);
type ActivityQuery = Parameters<Api["crm"]["activities"]["$get"]>[0]["query"];

beforeEach(async () => {
  staff = await signInAs("Sales", "Marcus Reid");
});

describe("activities", () => {
  it("logs a Note by the signed-in user when no one else is named", async () => {
    const { activity } = await expectJson(log({ summary: "  Called about the logo  " }), 201);
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
    const client = await addClient("VM Fitness");
    const { activity } = await expectJson(
      log({ summary: "Kick-off meeting", type: "Meeting", who_username: owner.id, related_type: "client", related_id: client.client.id }),
      201,
    );
    expect(activity).toMatchObject({ type: "Meeting", who_username: owner.id, related_type: "client", related_id: client.client.id });
  });

  it("refuses a related record that does not exist, or a record without its kind", async () => {
    const ghost = await errorOf(log({ summary: "x", related_type: "lead", related_id: "no-such-lead" }), 422);
    expect(ghost.fields?.related_id).toBe("Choose a record from the list");
    const noKind = await errorOf(log({ summary: "x", related_id: "anything" }), 422);
    expect(noKind.fields?.related_type).toBe("Choose what it relates to");
    const noRecord = await errorOf(log({ summary: "x", related_type: "client" }), 422);
    expect(noRecord.fields?.related_id).toBe("Choose a record from the list");
    expect(await countRows("activities")).toBe(0);
  });

  it("refuses the shared team account as 'Who': it is a gate, not a person", async () => {
    const team = await signInAs("Sales", "Studio Team");
    await env.DB.prepare("UPDATE users SET is_team = 1 WHERE id = ?").bind(team.id).run();
    const who = await errorOf(log({ summary: "x", who_username: team.id }), 422);
    expect(who.fields?.who_username).toBe("Choose someone from the team");
  });

  it("names each entry's related record in the list, and says null once that record is deleted", async () => {
    const { lead } = await addLead("Priya Shah", "Shah Dental");
    const { client } = await addClient("Jemrex Ltd");
    const { project } = await expectJson(
      staff.api.crm.projects.$post({ json: { title: "Jemrex Website", client_id: client.id, stage: "Discovery", status: "On Track" } }),
      201,
    );
    await expectJson(log({ summary: "on the lead", related_type: "lead", related_id: lead.id }), 201);
    await expectJson(log({ summary: "on the client", related_type: "client", related_id: client.id }), 201);
    await expectJson(log({ summary: "on the project", related_type: "project", related_id: project.id }), 201);
    await expectJson(log({ summary: "on nothing" }), 201);
    const names = async () =>
      Object.fromEntries(
        (await expectJson(staff.api.crm.activities.$get({ query: {} }), 200)).activities.map((a) => [a.summary, a.related_name]),
      );
    expect(await names()).toEqual({
      "on the lead": "Priya Shah",
      "on the client": "Jemrex Ltd",
      "on the project": "Jemrex Website",
      "on nothing": null,
    });
    await expectJson(staff.api.crm.leads[":id"].$delete({ param: { id: lead.id } }), 200);
    expect((await names())["on the lead"]).toBeNull();
  });

  it("looks up related records by kind and part of the name, any case, at most 20", async () => {
    await addLead("Priya Shah", "Shah Dental");
    await addLead("Tom Byrne", "Ancoats Coffee Co");
    await addClient("Ancoats Bakery");
    const find = async (type: RelatedType, q: string) =>
      (await expectJson(staff.api.crm.activities.related.$get({ query: { type: type, q: q } }), 200)).records;
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
    expect((await staff.api.crm.activities.related.$get({ query: { type: unchecked("cat"), q: "x" } })).status).toBe(422);
  });

  it("requires a summary, a known type and a team member", async () => {
    const blank = await errorOf(log({ summary: " " }), 422);
    expect(blank.fields?.summary).toBe("Summary is required");
    expect((await log({ summary: "x", type: unchecked("Tweet") })).status).toBe(422);
    const who = await errorOf(log({ summary: "x", who_username: "ghost" }), 422);
    expect(who.fields?.who_username).toBe("Choose someone from the team");
    expect(await countRows("activities")).toBe(0);
  });

  it("gives a filed e-mail's sender and when it was sent, and keeps Question and Answer for the clients' and studio's words", async () => {
    await createUser({ email: "hannah@redbrickstudio.co.uk", full_name: "Hannah Whitaker", role: "Owner" });
    await addClient("Sophie Turner Yoga", ["sophie@sophieturneryoga.co.uk"]);
    // Forwarded by Hannah: Sophie's own message, written the day before.
    expect((await deliverMail(gmailForward)).rejected).toBeNull();
    const [entry] = (await expectJson(staff.api.crm.activities.$get({ query: {} }), 200)).activities;
    expect(entry).toMatchObject({
      type: "Email",
      who_kind: "staff",
      mail: { from_name: "Sophie Turner", from_address: "sophie@sophieturneryoga.co.uk" },
    });
    expect(entry.mail!.sent_at!.startsWith("2026-06-11")).toBe(true);
    expect(entry.created_at.startsWith("2026-06-11")).toBe(false);
    // An entry someone logs carries no e-mail.
    await expectJson(log({ summary: "Rang Sophie", type: "Call" }), 201);
    expect((await expectJson(staff.api.crm.activities.$get({ query: {} }), 200)).activities[0].mail).toBeNull();
    for (const type of ["Question", "Answer"]) expect((await log({ summary: "x", type: unchecked(type) })).status).toBe(422);
  });

  it("lists newest first", async () => {
    await expectJson(log({ summary: "first", type: "Call" }), 201);
    await expectJson(log({ summary: "second", type: "Email" }), 201);
    const { activities } = await expectJson(staff.api.crm.activities.$get({ query: {} }), 200);
    expect(activities.map((a) => a.summary)).toEqual(["second", "first"]);
  });

  describe("the feed past its newest 200 entries", () => {
    const TYPES = ["Call", "Email", "Meeting", "Note", "StatusChange"] as const;
    /**
     * `n` entries straight into D1, three to a millisecond (a batch writes several at once), so the
     * pages must break ties by id; every other one is the signed-in person's, the rest the Owner's.
     */
    async function seedFeed(n: number, ownerId: string) {
      const start = Date.parse("2026-03-01T09:00:00.000Z");
      const insert = env.DB.prepare(
        "INSERT INTO activities (id, who_username, who_kind, type, summary, created_at, updated_at) VALUES (?, ?, 'staff', ?, ?, ?, ?)",
      );
      const statements = Array.from({ length: n }, (_, i) => {
        const at = new Date(start + Math.floor(i / 3)).toISOString();
        return insert.bind(`act-${String(i).padStart(4, "0")}`, i % 2 ? ownerId : staff.id, TYPES[i % 5], `Entry ${i}`, at, at);
      });
      for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
    }
    /** Every page in turn, following `next` with the same filters, as Load more does. */
    async function allPages(filters: ActivityQuery = {}) {
      const pages: ActivityPage[] = [];
      let cursor: Partial<ActivityCursor> = {};
      for (;;) {
        const page = await expectJson(staff.api.crm.activities.$get({ query: { ...filters, ...cursor } }), 200);
        pages.push(page);
        if (!page.next) return pages;
        cursor = { ...page.next };
        expect(pages.length).toBeLessThan(20);
      }
    }
    const newestFirst = (a: ActivityListItem, b: ActivityListItem) =>
      a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

    it("gives every entry exactly once, newest first, 200 to a page", async () => {
      const owner = await signInAs("Owner");
      await seedFeed(451, owner.id);
      const pages = await allPages();
      expect(pages.map((p) => p.activities.length)).toEqual([ACTIVITY_PAGE, ACTIVITY_PAGE, 51]);
      expect(pages.map((p) => p.next === null)).toEqual([false, false, true]);
      const ids = pages.flatMap((p) => p.activities.map((a) => a.id));
      expect(new Set(ids).size).toBe(451);
      expect(ids).toEqual(
        pages
          .flatMap((p) => p.activities)
          .sort(newestFirst)
          .map((a) => a.id),
      );
      // The cursor is the last entry shown.
      const last = pages[0].activities.at(-1)!;
      expect(pages[0].next).toEqual({ before: last.created_at, before_id: last.id });
    });

    it("keeps the filters on every page", async () => {
      const owner = await signInAs("Owner");
      await seedFeed(2100, owner.id);
      // i % 5 === 0 is a Call, odd i is the Owner's: 210 of the 2,100 are both.
      const pages = await allPages({ type: "Call", who: owner.id });
      expect(pages.map((p) => p.activities.length)).toEqual([ACTIVITY_PAGE, 10]);
      const entries = pages.flatMap((p) => p.activities);
      expect(entries.every((a) => a.type === "Call" && a.who_username === owner.id)).toBe(true);
      expect(new Set(entries.map((a) => a.id)).size).toBe(210);
      const calls = await allPages({ type: "Call" });
      expect(calls.map((p) => p.activities.length)).toEqual([ACTIVITY_PAGE, ACTIVITY_PAGE, 20]);
      const mine = await allPages({ who: staff.id });
      expect(mine.flatMap((p) => p.activities).every((a) => a.who_username === staff.id)).toBe(true);
      expect(mine.reduce((n, p) => n + p.activities.length, 0)).toBe(1050);
    });

    it("neither repeats nor skips an entry when one is logged between pages", async () => {
      const owner = await signInAs("Owner");
      await seedFeed(250, owner.id);
      const first = await expectJson(staff.api.crm.activities.$get({ query: {} }), 200);
      await expectJson(log({ summary: "Logged while reading" }), 201);
      const second = await expectJson(staff.api.crm.activities.$get({ query: { ...first.next! } }), 200);
      const ids = [...first.activities, ...second.activities].map((a) => a.id);
      expect(new Set(ids).size).toBe(250);
      expect(second.next).toBeNull();
    });

    it("refuses a half cursor or an unknown type with 422", async () => {
      const half = await errorOf(staff.api.crm.activities.$get({ query: { before: "2026-03-01T09:00:00.000Z" } }), 422);
      expect(half.fields?.before_id).toBe("Send before and before_id together");
      expect((await staff.api.crm.activities.$get({ query: { type: unchecked("Tweet") } })).status).toBe(422);
    });
  });
});
