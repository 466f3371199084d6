/** Calls booked on /book that have happened (CALLS), each on its lead's timeline as the booking put it. */
import { createHash } from "node:crypto";
import { CALLS } from "./data/calls";
import type { SeedContext } from "./context";
import { STUDIO_ZONE, wallClock, zonedTime } from "../../contract/booking-slots";
import { callOnTimeline } from "../../contract/call";
import { DEFAULT_BOOKING_SETTINGS } from "../../contract/booking-settings";

export function seedCalls(ctx: SeedContext): void {
  const { rand, clock, rows, ownerId } = ctx;
  for (const c of CALLS) {
    const lead = rows.leads.find((l) => l.id === ctx.leadIndex(c.lead));
    if (!lead?.email) continue;
    const startMs = zonedTime(clock.date(-c.daysAgo), c.time, STUDIO_ZONE);
    const start_at = new Date(startMs).toISOString();
    const booked_at = new Date(startMs - (c.daysAgo + 3) * 86_400_000).toISOString();
    const marked_at = new Date(startMs + 60 * 60_000).toISOString();
    const id = rand.uuid();
    rows.calls.push({
      id,
      host_id: ownerId,
      lead_id: lead.id,
      start_at,
      end_at: new Date(startMs + DEFAULT_BOOKING_SETTINGS.call_minutes * 60_000).toISOString(),
      london_date: wallClock(startMs, STUDIO_ZONE).date,
      status: c.status,
      method: c.method,
      name: lead.name,
      email: lead.email,
      phone: c.method === "phone" ? (lead.phone ?? null) : null,
      company: lead.company ?? null,
      topic: c.topic,
      heard_from: c.heardFrom,
      visitor_zone: STUDIO_ZONE,
      // A hash of nothing anyone holds: a seeded call has no visitor's link to open.
      token_hash: createHash("sha256").update(rand.uuid()).digest("hex"),
      reminded_at: null,
      created_at: booked_at,
      updated_at: c.status === "confirmed" ? booked_at : marked_at,
    });
    const onLead = { type: "Meeting" as const, related_type: "lead" as const, related_id: lead.id };
    rows.activities.push({
      id: rand.uuid(),
      who_username: null,
      who_name: lead.name,
      who_kind: "client",
      summary: callOnTimeline.booked(start_at, c.topic),
      ...onLead,
      created_at: booked_at,
      updated_at: booked_at,
    });
    if (c.status === "held" || c.status === "no_show")
      rows.activities.push({
        id: rand.uuid(),
        who_username: ownerId,
        who_kind: "staff",
        summary: callOnTimeline.marked(c.status, start_at),
        ...onLead,
        created_at: marked_at,
        updated_at: marked_at,
      });
  }
}
