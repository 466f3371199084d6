/**
 * What the Share dialog (share-link-dialog.tsx) says for each kind of document: its name, what its
 * page is, the message offered for the e-mail the CRM sends, and the e-mail the studio sends itself
 * with Open in e-mail.
 */
import { greetingFor } from "@contract/greeting";
import type { Invoice } from "@contract/invoice";
import type { Proposal } from "@contract/proposal";
import { formatDate, formatMoney } from "@/lib/format";

/** A document the client can be sent a link to, with its kind. */
export type SharedDocument = { kind: "proposal"; document: Proposal } | { kind: "invoice"; document: Invoice };

export interface ShareWords {
  /** The record's name in the title: "Share {name}". */
  name: string;
  /** One sentence under the title: what the page is. */
  description: string;
  /** Said before the first link is made, after what the client can do with the page. */
  intro: string;
  /** The message offered above the record's details in the e-mail the CRM sends, which greets the client itself. */
  message: string;
  /** The e-mail the studio sends itself with Open in e-mail: its subject and message. */
  email: (url: string) => { subject: string; body: string };
}

export const shareWordsOf = (shared: SharedDocument): ShareWords =>
  shared.kind === "proposal" ? proposalWords(shared.document) : invoiceWords(shared.document);

function proposalWords(proposal: Proposal): ShareWords {
  // The CRM's own e-mail greets them itself; this is for the one the studio sends from its own mail.
  const hello = greetingFor(proposal.lead?.name ?? proposal.client?.name);
  return {
    name: proposal.title,
    description: "A link to the proposal's own page, for the client to read.",
    intro: "The client reads the proposal on its own page, which prints and saves as a PDF.",
    message: "Thank you for your time. Here is our proposal for you to read. Any questions, just reply to this e-mail.",
    email: (url) => ({
      subject: `Proposal: ${proposal.title}`,
      body: `${hello}\n\nHere is our proposal, ${proposal.title}:\n${url}\n\nIt opens in your browser and can be printed or saved as a PDF. Any questions, just reply.\n`,
    }),
  };
}

/** The page an invoice's link opens gives the bank details and the reference to quote; a paid one's is the client's receipt. */
function invoiceWords(invoice: Invoice): ShareWords {
  const paid = invoice.status === "Paid";
  return {
    name: invoice.number,
    description: "A link to the invoice's own page, for the client to read and pay.",
    intro: "The client reads the invoice on its own page, with your bank details and the reference to quote; it prints and saves as a PDF.",
    message: paid
      ? `Here is invoice ${invoice.number} for your records. Thank you for your payment.`
      : `Here is invoice ${invoice.number}. Any questions, just reply to this e-mail.`,
    email: (url) => {
      const hello = `${greetingFor(invoice.client_name)}\n\n`;
      const amount = formatMoney(invoice.total);
      const body = paid
        ? `${hello}Here is invoice ${invoice.number} for ${amount}, due on ${formatDate(invoice.due_date)} and paid on ${formatDate(invoice.paid_date)}, for your records:\n${url}\n\nIt opens in your browser and can be printed or saved as a PDF. Thank you.\n`
        : `${hello}Here is invoice ${invoice.number} for ${amount}, due on ${formatDate(invoice.due_date)}:\n${url}\n\nIt opens in your browser with our bank details and the reference to quote, and can be printed or saved as a PDF. Any questions, just reply.\n`;
      return { subject: `Invoice ${invoice.number}`, body };
    },
  };
}
