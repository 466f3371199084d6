/**
 * Free text is normalised before it is validated (contract/text.ts), so nothing a client or a
 * member of staff can type is stored as an empty name that then breaks every export and backup;
 * and migration 0006 repairs the rows an earlier version stored that way.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { apiClient, errorOf, expectJson, rows, signInAs, type Staff } from "../support/helpers";
import { deleteAll, exportAll, importText, linkedPreview, seedCrm, snapshot } from "../support/crm-data";
import { EMPTY_TEXT_REPAIRS } from "../../../contract/export";

let owner: Staff;

beforeEach(async () => {
  owner = await signInAs("Owner", "Hannah Whitaker");
});

const roundTrip = async () => {
  const before = await snapshot();
  const doc = await exportAll(owner);
  await deleteAll(owner);
  await expectJson(importText(owner, JSON.stringify(doc)), 200);
  expect(await snapshot()).toEqual(before);
};

describe("text made only of invisible characters", () => {
  it("is refused from a client's comment and approval and a staff reply, stores nothing, and exports keep importing", async () => {
    const cafe = await linkedPreview(owner, { name: "Café", card: "jemrex", url: "https://cafe.example/" });
    const asClient = apiClient({ cookie: cafe.cookie, ip: "198.51.100.7" }).previews[":clientId"];
    const param = { clientId: cafe.card };
    const comment = (json: { author_name: string; body: string }) => asClient.comments.$post({ param, json });
    // The review's case: a name and a comment of control characters, which used to be stored as "".
    const controls = await errorOf(comment({ author_name: "\u0001\u0001", body: "\u0001\u0001\u0001" }), 422);
    expect(controls.fields).toEqual({
      author_name: "Please enter your name",
      body: "Your comment must be at least 2 characters",
    });
    // Zero-width and bidi characters are no name either.
    const hidden = await errorOf(comment({ author_name: "\u200B\u202E\u200D", body: "Looks good" }), 422);
    expect(hidden.fields).toEqual({ author_name: "Please enter your name" });
    const { release } = await expectJson(asClient.feedback.$get({ param }), 200);
    const approval = await errorOf(
      asClient.approvals.$post({ param, json: { release_id: release!.id, approver_name: "\u0001 \u0001", confirm: true } }),
      422,
    );
    expect(approval.fields).toEqual({ approver_name: "Please type your full name" });

    // A comment with control characters among its words keeps the words only.
    const made = await expectJson(comment({ author_name: "\u0001Chlo\u0065\u0301\u202E", body: "Fine\u0000 by\u200B me\r\nThanks" }), 201);
    expect(await rows("SELECT author_name, body FROM preview_comments")).toEqual([{ author_name: "Chloé", body: "Fine by me\nThanks" }]);
    const reply = await errorOf(
      owner.api.crm["preview-comments"][":id"].replies.$post({ param: { id: made.comment.id }, json: { body: "\u0001" } }),
      422,
    );
    expect(reply.fields).toEqual({ body: "Reply is required" });
    expect(await rows("SELECT id FROM preview_replies")).toEqual([]);
    expect(await rows("SELECT id FROM preview_approvals")).toEqual([]);
    await roundTrip();
  });

  it("is refused or stored as empty in the CRM's own forms too", async () => {
    const { crm } = owner.api;
    const lead = await errorOf(crm.leads.$post({ json: { name: "\u0007\u200F" } }), 422);
    expect(lead.fields).toEqual({ name: "Name is required" });
    const { lead: made } = await expectJson(
      crm.leads.$post({ json: { name: " Jo\tCarter ", company: "\u200B", notes: "\u0001\n\u2028", phone: "\uFEFF" } }),
      201,
    );
    expect(made).toMatchObject({ name: "Jo Carter", company: null, notes: null, phone: null });
    const task = await errorOf(crm.tasks.$post({ json: { title: "\u2066\u2069" } }), 422);
    expect(task.fields).toEqual({ title: "Title is required" });
  });
});

describe("migration 0006", () => {
  it("gives required text stored with nothing visible its placeholder and a new updated_at, so the data exports and imports again", async () => {
    await seedCrm(owner);
    const broken = {
      leads: { name: "" },
      clients: { name: "\u0001\u0001" },
      projects: { title: " \u200B " },
      proposals: { title: "\u202E\u202C" },
      tasks: { title: "\uFEFF\u00A0" },
      activities: { summary: "\u2028" },
      preview_comments: { author_name: "", body: "\u0000" },
      preview_replies: { author_name: "\t", body: "\u200D" },
      preview_approvals: { approver_name: "\u0085" },
    };
    expect(Object.keys(broken)).toEqual(Object.keys(EMPTY_TEXT_REPAIRS));
    const old = "2026-01-01T00:00:00.000Z";
    for (const [table, columns] of Object.entries(broken)) {
      const [first] = await rows<{ id: string }>(`SELECT id FROM ${table} ORDER BY id LIMIT 1`);
      const set = Object.keys(columns).map((c) => `${c} = ?`);
      await env.DB.prepare(`UPDATE ${table} SET ${set.join(", ")}, updated_at = ? WHERE id = ?`)
        .bind(...Object.values(columns), old, first.id)
        .run();
    }
    const untouched = await rows<{ name: string }>("SELECT name FROM leads WHERE name <> ''");

    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0006_"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();

    for (const [table, columns] of Object.entries(EMPTY_TEXT_REPAIRS)) {
      const names = Object.keys(columns);
      const repaired = await rows<Record<string, string>>(`SELECT ${names.join(", ")}, updated_at FROM ${table} ORDER BY id LIMIT 1`);
      expect(repaired[0], table).toEqual({ ...columns, updated_at: expect.not.stringMatching(old) });
    }
    // Names with something visible are left as they were.
    expect(await rows("SELECT name FROM leads WHERE name <> '(no name)'")).toEqual(untouched);
    await roundTrip();
  });
});
