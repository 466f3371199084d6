/** The Activity Feed (ACTIVITIES): each entry by the Owner and the Head of Sales in turn. */
import { ACTIVITIES } from "./data/activities";
import { resolveRef, type SeedContext } from "./context";

export function seedActivities(ctx: SeedContext): void {
  const { rand, clock, rows, people } = ctx;
  for (const a of ACTIVITIES) {
    const related = a.related ? resolveRef(ctx, a.related) : null;
    const created_at = clock.ago(a.daysAgo, rand);
    rows.activities.push({
      id: rand.uuid(),
      who_username: people[rows.activities.length % 2],
      who_kind: "staff",
      type: a.type,
      summary: a.summary,
      // A reference to nothing seeded (a lead past --leads) links to nothing.
      related_type: related?.id ? related.type : null,
      related_id: related?.id ?? null,
      created_at,
      updated_at: created_at,
    });
  }
}
