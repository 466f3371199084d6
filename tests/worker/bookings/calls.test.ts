/**
 * The one place a call is booked (worker/modules/bookings/calls.ts): whatever arrives at once, a
 * host's time is held once, its buffers and the day's cap hold, a cancelled call frees its time,
 * and what is written beside a call (here, its lead) is never written without it.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "../../../worker/platform/db";
import { claimCall, type CallClaim } from "../../../worker/modules/bookings/calls";
import { leads } from "../../../worker/db/schema";
import { rows, signInAs } from "../support/helpers";

const db = createDb(env.DB);
let hostId = "";
beforeEach(async () => {
  hostId = (await signInAs("Owner")).id;
});

let n = 0;
const claim = (start: string, over: Partial<CallClaim> = {}): CallClaim => {
  n += 1;
  return {
    id: crypto.randomUUID(),
    hostId,
    start,
    end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    londonDate: start.slice(0, 10),
    bufferMinutes: 15,
    maxPerDay: 4,
    method: "video",
    name: `Visitor ${n}`,
    email: `visitor-${n}@example.com`,
    phone: null,
    company: null,
    topic: "A new website",
    heardFrom: null,
    visitorZone: "Europe/London",
    tokenHash: crypto.randomUUID(),
    now: new Date().toISOString(),
    ...over,
  };
};
const confirmed = () =>
  rows<{ start_at: string; name: string }>("SELECT start_at, name FROM calls WHERE status = 'confirmed' ORDER BY start_at");

describe("booking a call", () => {
  it("twenty visitors choosing the same time at once: one call, nineteen told it is taken, no lead written without its call", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => {
        const c = claim("2026-12-03T11:00:00.000Z");
        const lead = db.insert(leads).values({ id: crypto.randomUUID(), name: c.name, email: c.email, status: "New", source: "Website" });
        return claimCall(db, c, [lead]);
      }),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const [call] = await confirmed();
    expect(await rows("SELECT name FROM leads")).toEqual([{ name: call.name }]);
  });

  it("keeps the buffer clear either side, and lets a call start when the buffer after another ends", async () => {
    expect(await claimCall(db, claim("2026-12-03T11:00:00.000Z"))).toBe(true);
    expect(await claimCall(db, claim("2026-12-03T11:40:00.000Z"))).toBe(false); // 10 minutes after: inside the buffer
    expect(await claimCall(db, claim("2026-12-03T10:20:00.000Z"))).toBe(false); // ends 10:50, 10 minutes before
    expect(await claimCall(db, claim("2026-12-03T11:45:00.000Z"))).toBe(true);
    expect((await confirmed()).map((c) => c.start_at)).toEqual(["2026-12-03T11:00:00.000Z", "2026-12-03T11:45:00.000Z"]);
  });

  it("holds the day's cap when several times are booked at once", async () => {
    const times = ["09:30", "10:30", "11:30", "12:30", "13:30", "14:30"].map((t) => `2026-12-03T${t}:00.000Z`);
    const outcomes = await Promise.all(times.map((t) => claimCall(db, claim(t, { maxPerDay: 2 }))));
    expect(outcomes.filter(Boolean)).toHaveLength(2);
    expect(await confirmed()).toHaveLength(2);
    // Another day is its own.
    expect(await claimCall(db, claim("2026-12-04T09:30:00.000Z", { londonDate: "2026-12-04", maxPerDay: 2 }))).toBe(true);
  });

  it("a cancelled call frees its time", async () => {
    const first = claim("2026-12-03T11:00:00.000Z");
    expect(await claimCall(db, first)).toBe(true);
    expect(await claimCall(db, claim("2026-12-03T11:00:00.000Z"))).toBe(false);
    await rows("UPDATE calls SET status = 'cancelled' WHERE id = ?", first.id);
    expect(await claimCall(db, claim("2026-12-03T11:00:00.000Z"))).toBe(true);
  });

  it("another host's calls are not this host's", async () => {
    expect(await claimCall(db, claim("2026-12-03T11:00:00.000Z"))).toBe(true);
    const other = (await signInAs("Sales")).id;
    expect(await claimCall(db, claim("2026-12-03T11:00:00.000Z", { hostId: other }))).toBe(true);
  });
});
