/**
 * Leads: the curated 40 (LEADS) first, then generated ones up to `--leads N`, each with a timeline
 * (lead_activities) for the curated leads and for one generated lead in five.
 */
import { leadSources, type LeadStatus } from "../../contract/lead";
import type { LeadActivityType } from "../../contract/lead-activity";
import { CONVERTED_LEADS, GENERATED, LEADS, NEXT_ACTIONS, NOTES, type LeadSeed } from "./data/leads";
import { phoneFor, slug, type SeedContext } from "./context";
import type { Rand } from "./random";

/** Follow-up date offset (days from today) by status; some active leads are deliberately overdue. */
const followUpDays = (status: LeadStatus, rand: Rand): number | null => {
  if (status === "Lost") return null;
  if (status === "Won") return rand.chance(0.5) ? rand.int(1, 10) : null;
  return rand.chance(0.2) ? -rand.int(1, 6) : rand.int(0, 21);
};

const valueFor = (status: LeadStatus, rand: Rand): number | null => {
  if (status === "New") return rand.chance(0.2) ? rand.int(12, 40) * 100 : null;
  if (status === "Qualified") return rand.chance(0.6) ? rand.int(15, 80) * 100 : null;
  return rand.int(36, 360) * 50;
};

/** A made-up prospect past the curated 40, weighted towards the early stages as a real pipeline is. */
function generatedLead(rand: Rand): LeadSeed {
  const first = rand.pick(GENERATED.firstNames);
  const last = rand.pick(GENERATED.lastNames);
  const area = rand.pick(GENERATED.areas);
  const trade = rand.pick(GENERATED.trades);
  const company = rand.chance(0.5) ? `${last} ${trade}` : `${area} ${trade}`;
  const r = rand.float();
  const status =
    r < 0.3 ? "New" : r < 0.5 ? "Qualified" : r < 0.65 ? "Proposal Sent" : r < 0.75 ? "Negotiation" : r < 0.88 ? "Won" : "Lost";
  return {
    name: `${first} ${last}`,
    company,
    area,
    need: `New website for a ${trade.toLowerCase()} business in ${area}`,
    domain: `${slug(company)}.co.uk`,
    status,
  };
}

/** What happened on a lead before today: a note, its stage change, a follow-up task, its conversion. */
function addTimeline(
  ctx: Omit<SeedContext, "leadIndex" | "projectIds">,
  lead: { id: string; created_at: string },
  events: [LeadActivityType, string][],
): void {
  const { rand, clock, rows, person } = ctx;
  for (const [activity_type, description] of events) {
    const at = clock.after(lead.created_at, rand);
    rows.lead_activities.push({
      id: rand.uuid(),
      lead_id: lead.id,
      activity_type,
      description,
      created_by: person(),
      created_at: at,
      updated_at: at,
    });
  }
}

export function seedLeads(ctx: Omit<SeedContext, "leadIndex" | "projectIds">, leadCount: number): SeedContext["leadIndex"] {
  const { rand, clock, rows, person, clientIds } = ctx;

  // Sources go round all seven in a shuffled order, so every source appears in any 7 leads.
  const sourceOrder = [...leadSources].sort(() => rand.float() - 0.5);
  const usedEmails = new Set<string>();
  const leadIds: string[] = [];
  for (let i = 0; i < leadCount; i++) {
    const curated = LEADS[i];
    const { name, company, area, need, domain, status } = curated ?? generatedLead(rand);
    let email = `${name
      .split(" ")[0]
      .toLowerCase()
      .replace(/[^a-z]/g, "")}@${domain}`;
    for (let n = 2; usedEmails.has(email); n++) email = email.replace(/^([a-z]+)\d*@/, `$1${n}@`);
    usedEmails.add(email);

    const id = rand.uuid();
    const created_days = curated ? 3 + ((i * 37) % 110) + rand.int(0, 2) : rand.int(0, 150);
    const created_at = clock.ago(created_days, rand);
    const addedBy = person();
    const moved = status !== "New";
    const fu = followUpDays(status, rand);
    const convertedKey = curated ? (CONVERTED_LEADS as Record<number, string>)[i] : undefined;
    rows.leads.push({
      id,
      name,
      company,
      email,
      phone: rand.chance(0.9) ? phoneFor(rand) : null,
      source: curated ? sourceOrder[i % sourceOrder.length] : rand.pick(leadSources),
      status,
      notes: `${need}. Based in ${area}.`,
      value: valueFor(status, rand),
      next_action: rand.pick(NEXT_ACTIONS[status]),
      follow_up_date: fu === null ? null : clock.date(fu),
      added_by: addedBy,
      // Creating a lead stamps its first stage too, as the worker does.
      stage_changed_by: moved ? person() : addedBy,
      converted_to_client_id: convertedKey ? clientIds[convertedKey] : null,
      created_at,
      updated_at: moved ? clock.after(created_at, rand) : created_at,
    });
    leadIds.push(id);

    if (curated ? i % 4 !== 3 : rand.chance(0.2)) {
      const events: [LeadActivityType, string][] = [["note_added", rand.pick(NOTES)]];
      if (moved) events.push(["stage_change", `Status changed from New to ${status}`]);
      if (status === "Qualified" || status === "Won")
        events.push(["workflow_action", `Created follow-up task: Follow up on lead: ${name}`]);
      if (convertedKey) events.push(["workflow_action", `Converted to client: ${company}`]);
      addTimeline(ctx, { id, created_at }, events);
    }
  }
  return (i: number) => (i < leadIds.length ? leadIds[i] : null);
}
