/**
 * The documents shared with clients (SHARED_PROPOSAL, SHARED_INVOICE): links whose tokens
 * `npm run dev` prints, so their hashes come in from the command line.
 */
import { linesTotal } from "../../contract/invoice";
import { SHARED_INVOICE, SHARED_PROPOSAL } from "./data/shared-documents";
import { STAFF } from "./data/staff";
import { STUDIO } from "./data/studio";
import type { SeedContext } from "./context";

/** The hashes of the demo's shared links, whose tokens `npm run dev` prints (scripts/lib/local.ts). */
export interface DemoLinks {
  proposalTokenHash: string;
  invoiceTokenHash: string;
}

/** The proposal written as a document and shared: opened, asked about and answered. Accepting it on its page runs the whole Accept workflow. */
export function seedSharedProposal(ctx: SeedContext, tokenHash: string): void {
  const { rows, clock, rand } = ctx;
  const doc = SHARED_PROPOSAL;
  const proposal = rows.proposals.find((p) => p.title === doc.title)!;
  Object.assign(proposal, {
    intro: doc.intro,
    sections: doc.sections,
    lines: doc.lines,
    value: linesTotal(doc.lines),
    valid_until: clock.date(doc.validDays),
    terms: STUDIO.proposal_terms,
  });
  const sharedAt = clock.ago(doc.sharedDays, rand);
  const firstView = clock.after(sharedAt, rand);
  rows.proposal_links.push({
    id: rand.uuid(),
    proposal_id: proposal.id!,
    token_hash: tokenHash,
    created_by: ctx.ownerId,
    views: doc.views,
    first_viewed_at: firstView,
    last_viewed_at: clock.after(firstView, rand),
    created_at: sharedAt,
    updated_at: sharedAt,
  });
  const asked = clock.ago(doc.question.daysAgo, rand);
  const replied = clock.ago(doc.answer.daysAgo, rand);
  const common = { proposal_id: proposal.id!, email_status: "sent" as const };
  rows.proposal_messages.push(
    {
      id: rand.uuid(),
      ...common,
      author: "client",
      author_name: doc.client,
      body: doc.question.body,
      email_attempts: 1,
      created_at: asked,
      updated_at: asked,
    },
    {
      id: rand.uuid(),
      ...common,
      author: "studio",
      author_name: STAFF.owner.full_name,
      author_id: ctx.ownerId,
      body: doc.answer.body,
      created_at: replied,
      updated_at: replied,
    },
  );
  // Each as the Activity Feed has it, on the client's timeline.
  const related = {
    related_type: proposal.lead_id ? ("lead" as const) : ("client" as const),
    related_id: proposal.lead_id ?? proposal.client_id,
  };
  const about = `about the proposal "${doc.title}"`;
  rows.activities.push(
    {
      id: rand.uuid(),
      who_username: null,
      who_name: doc.client,
      who_kind: "client",
      type: "Question",
      summary: `${doc.client} asked ${about}: ${doc.question.body}`,
      ...related,
      created_at: asked,
      updated_at: asked,
    },
    {
      id: rand.uuid(),
      who_username: ctx.ownerId,
      who_kind: "staff",
      type: "Answer",
      summary: `${STAFF.owner.full_name} answered ${about}: ${doc.answer.body}`,
      ...related,
      created_at: replied,
      updated_at: replied,
    },
  );
}

/** The client's Sent invoice, shared with them and opened once: its page shows how to pay. */
export function seedSharedInvoice(ctx: SeedContext, tokenHash: string): void {
  const { rows, clock, rand } = ctx;
  const invoice = rows.invoices.find((i) => i.client_id === ctx.clientIds[SHARED_INVOICE.client] && i.status === "Sent")!;
  const sharedAt = clock.ago(SHARED_INVOICE.sharedDays, rand);
  const viewed = clock.ago(SHARED_INVOICE.viewedDays, rand);
  rows.invoice_links.push({
    id: rand.uuid(),
    invoice_id: invoice.id!,
    token_hash: tokenHash,
    created_by: ctx.ownerId,
    views: SHARED_INVOICE.views,
    first_viewed_at: viewed,
    last_viewed_at: viewed,
    created_at: sharedAt,
    updated_at: sharedAt,
  });
}
