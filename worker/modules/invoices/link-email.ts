/** An invoice's link, e-mailed to the client: the shared-documents module writes and records the mail, this makes the link. */
import type { EmailOutcome } from "../../../contract/email-outcome";
import { greetingFor } from "../../../contract/greeting";
import type { Invoice } from "../../../contract/invoice";
import { invoice_links } from "../../db/schema";
import { formatGbp } from "../../platform/money";
import {
  contactNameOf,
  guarded,
  invoiceMail,
  makeDocumentLink,
  mailFor,
  recordSent,
  sendAudit,
  studioName,
  type LinkMailContext,
  type SendLink,
} from "../shared-documents";
import { invoiceRecipients } from "../users-and-auth";
import { getInvoice } from "./invoices";

/** A new link to the invoice (a Draft becomes Sent), e-mailed to `input.to`. */
export async function emailInvoiceLink(
  ctx: LinkMailContext,
  id: string,
  input: SendLink,
): Promise<{ url: string; invoice: Invoice; email: EmailOutcome }> {
  return guarded(ctx, await invoiceRecipients(ctx.db, id), input, (outside) => sendInvoiceLink(ctx, id, input, outside));
}

async function sendInvoiceLink(ctx: LinkMailContext, id: string, input: SendLink, outside: boolean) {
  const { url, linkId } = await makeDocumentLink(ctx, "invoice", await getInvoice(ctx.db, id));
  const [shared, studio] = await Promise.all([getInvoice(ctx.db, id), studioName(ctx)]);
  const greeting = greetingFor(await contactNameOf(ctx.db, { leadId: null, clientId: shared.client_id }));
  const email = await mailFor(ctx, invoiceMail(shared, url, input, ctx.by, studio, greeting), { invoice: id });
  const audit = sendAudit(ctx, "invoice_emailed", `the invoice ${shared.number}`, email, outside);
  if (!email.sent) {
    await audit;
    return { url, invoice: shared, email };
  }
  await recordSent(
    ctx,
    invoice_links,
    linkId,
    email,
    `E-mailed the invoice ${shared.number} (${formatGbp(shared.total)}) to ${email.to}`,
    { type: "client", id: shared.client_id },
    audit,
  );
  return { url, invoice: await getInvoice(ctx.db, id), email };
}
