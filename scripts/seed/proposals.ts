/** The studio's proposals (PROPOSALS): each a single line of its value, for a lead or a client, with its payment schedule. */
import { singleLine } from "../../contract/invoice";
import { PROPOSALS } from "./data/proposals";
import { STUDIO } from "./data/studio";
import { stamps, type Row, type SeedBase, type SeedContext } from "./context";
import type { proposals } from "../../worker/db/schema";

export type ProposalFields = Omit<Row<typeof proposals>, "sent_date" | "due_date" | "created_at" | "updated_at"> & {
  id: string;
  /** Sent this many days ago and due 14 days after, or not sent. */
  sentDays: number | null;
  created_at: string;
};

/** A proposal row, updated some time after it was created; paid on the studio's default schedule unless it has its own. */
export function addProposal(ctx: SeedBase, { sentDays, created_at, ...proposal }: ProposalFields): void {
  const { clock } = ctx;
  ctx.rows.proposals.push({
    payment_schedule: STUDIO.default_payment_schedule,
    ...proposal,
    sent_date: sentDays === null ? null : clock.date(-sentDays),
    due_date: sentDays === null ? null : clock.date(-sentDays + 14),
    ...stamps(ctx, created_at),
  });
}

export function seedProposals(ctx: SeedContext): void {
  const { rand, clock, clientIds, leadIndex } = ctx;
  for (const p of PROPOSALS) {
    const created_at = clock.ago((p.sentDays ?? 0) + rand.int(1, 5), rand);
    addProposal(ctx, {
      id: rand.uuid(),
      title: p.title,
      value: p.value,
      lines: p.value === null ? [] : [singleLine(p.value, p.title)],
      status: p.status,
      sentDays: p.sentDays,
      lead_id: "lead" in p.for ? leadIndex(p.for.lead) : null,
      client_id: "client" in p.for ? clientIds[p.for.client] : null,
      notes: p.notes,
      ...(p.schedule ? { payment_schedule: p.schedule } : {}),
      created_at,
    });
  }
}
