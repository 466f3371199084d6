/** A proposal's link, e-mailed to the client: the shared-documents module writes and records the mail, this makes the link. */
import type { EmailOutcome } from "../../../contract/email-outcome";
import { greetingFor } from "../../../contract/greeting";
import type { Proposal } from "../../../contract/proposal";
import { proposal_links } from "../../db/schema";
import {
  contactNameOf,
  guarded,
  makeDocumentLink,
  proposalMail,
  mailFor,
  recordSent,
  sendAudit,
  studioName,
  type LinkMailContext,
  type SendLink,
} from "../shared-documents";
import { proposalRecipients } from "../users-and-auth";
import { getProposal } from "./proposals";

/** A new link to the proposal (a Draft becomes Sent), e-mailed to `input.to`. */
export async function emailProposalLink(
  ctx: LinkMailContext,
  id: string,
  input: SendLink,
): Promise<{ url: string; proposal: Proposal; email: EmailOutcome }> {
  return guarded(ctx, await proposalRecipients(ctx.db, id), input, (outside) => sendProposalLink(ctx, id, input, outside));
}

async function sendProposalLink(ctx: LinkMailContext, id: string, input: SendLink, outside: boolean) {
  const { url, linkId } = await makeDocumentLink(ctx, "proposal", await getProposal(ctx.db, id));
  const [shared, studio] = await Promise.all([getProposal(ctx.db, id), studioName(ctx)]);
  const greeting = greetingFor(await contactNameOf(ctx.db, { leadId: shared.lead_id, clientId: shared.client_id }));
  const email = await mailFor(ctx, proposalMail(shared, url, input, ctx.by, studio, greeting), { proposal: id });
  const audit = sendAudit(ctx, "proposal_emailed", `the proposal "${shared.title}"`, email, outside);
  if (!email.sent) {
    await audit;
    return { url, proposal: shared, email };
  }
  const related = shared.lead
    ? { type: "lead" as const, id: shared.lead.id }
    : shared.client
      ? { type: "client" as const, id: shared.client.id }
      : null;
  await recordSent(ctx, proposal_links, linkId, email, `E-mailed the proposal "${shared.title}" to ${email.to}`, related, audit);
  return { url, proposal: await getProposal(ctx.db, id), email };
}
