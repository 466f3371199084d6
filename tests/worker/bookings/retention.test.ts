/**
 * A visitor who only booked a call is kept 12 months, as the booking page says: the nightly
 * housekeeping then deletes their lead with its calls, timeline and tasks. A lead anyone did more
 * with (a client, a proposal, a later call, a recent change) is kept like any other.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { rows, runCron, signInAs } from "../support/helpers";

let hostId = "";
beforeEach(async () => {
  hostId = (await signInAs("Owner")).id;
});

const run = (sql: string, ...args: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...args)
    .run();

/** A lead made by a booking on `day`, its call that day, the Meeting on its timeline and the host's task. */
async function bookedLead(id: string, day: string, over: { source?: string; updated?: string } = {}) {
  const at = `${day}T10:00:00.000Z`;
  await run(
    "INSERT INTO leads (id, name, email, status, source, created_at, updated_at) VALUES (?, ?, ?, 'New', ?, ?, ?)",
    id,
    `Visitor ${id}`,
    `${id}@example.com`,
    over.source ?? "Call booking",
    at,
    over.updated ?? at,
  );
  await call(`${id}-call`, id, `${day}T14:00:00.000Z`);
  await run(
    "INSERT INTO activities (id, who_name, who_kind, type, summary, related_type, related_id, created_at, updated_at) VALUES (?, 'Visitor', 'client', 'Meeting', 'Booked a call', 'lead', ?, ?, ?)",
    `${id}-meeting`,
    id,
    at,
    at,
  );
  await run(
    "INSERT INTO tasks (id, title, related_type, related_id, due_date) VALUES (?, 'Call them', 'lead', ?, ?)",
    `${id}-task`,
    id,
    day,
  );
}

const call = (id: string, leadId: string, start: string) =>
  run(
    `INSERT INTO calls (id, host_id, lead_id, start_at, end_at, london_date, status, method, name, email, topic, token_hash)
     VALUES (?, ?, ?, ?, ?, substr(?, 1, 10), 'held', 'video', 'Visitor', 'v@example.com', 'A new site', ?)`,
    id,
    hostId,
    leadId,
    start,
    new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    start,
    id,
  );

const ids = async (table: string) => (await rows<{ id: string }>(`SELECT id FROM ${table} ORDER BY id`)).map((r) => r.id);

describe("a lead that only booked a call", () => {
  it("is deleted with its calls, timeline and tasks 12 months on; anything more keeps it", async () => {
    // As of 1 July 2026: a year and a day back is 30 June 2025.
    await bookedLead("gone", "2025-06-30");
    await bookedLead("recent", "2025-07-02");
    await bookedLead("called-again", "2025-03-01");
    await call("called-again-later", "called-again", "2025-09-01T10:00:00.000Z");
    await bookedLead("client", "2025-03-01");
    await run("INSERT INTO clients (id, name, emails, phones, services) VALUES ('c1', 'Kept Ltd', '[]', '[]', '[]')");
    await run("UPDATE leads SET converted_to_client_id = 'c1', updated_at = '2025-03-02T00:00:00.000Z' WHERE id = 'client'");
    await bookedLead("proposal", "2025-03-01");
    await run("INSERT INTO proposals (id, title, lead_id, status) VALUES ('p1', 'Site', 'proposal', 'Draft')");
    await bookedLead("touched", "2025-03-01", { updated: "2026-02-01T00:00:00.000Z" });
    await bookedLead("from-form", "2025-03-01", { source: "Website" });

    await runCron("2026-07-01T12:00:00Z");
    expect(await ids("leads")).toEqual(["called-again", "client", "from-form", "proposal", "recent", "touched"]);
    for (const table of ["calls", "activities", "tasks"]) expect((await ids(table)).filter((id) => id.startsWith("gone"))).toEqual([]);
    expect(await ids("calls")).toContain("recent-call");
    expect(await ids("activities")).toContain("recent-meeting");
    expect(await ids("tasks")).toContain("recent-task");
    const [record] = await rows<{ result: string }>("SELECT result FROM job_runs WHERE job = 'housekeeping'");
    expect(JSON.parse(record.result)).toMatchObject({ call_leads: 1, call_lead_calls: 1, call_lead_activities: 1, call_lead_tasks: 1 });
  });
});
