/**
 * Share an invoice with its client: the one share dialog (components/share-link-dialog.tsx) in the
 * invoice's words, with its Share, Send and Revoke calls, the message offered for the e-mail the
 * CRM sends, and the one the studio sends itself with the amount and the due date. The page it
 * opens gives the bank details and the reference to quote.
 */
import { greetingFor } from "@contract/greeting";
import type { Invoice } from "@contract/invoice";
import { ShareLinkDialog } from "@/components/share-link-dialog";
import { formatDate, formatMoney } from "@/lib/format";
import { useEmailInvoiceLink, useRevokeInvoiceLink, useShareInvoice } from "@/features/invoices/api/invoices";

/** The message offered above the invoice's details in the e-mail the CRM sends, which greets the client itself. */
const messageFor = (invoice: Invoice) =>
  invoice.status === "Paid"
    ? `Here is invoice ${invoice.number} for your records. Thank you for your payment.`
    : `Here is invoice ${invoice.number}. Any questions, just reply to this e-mail.`;

function emailFor(invoice: Invoice, url: string) {
  const hello = `${greetingFor(invoice.client_name)}\n\n`;
  const amount = formatMoney(invoice.total);
  const body =
    invoice.status === "Paid"
      ? `${hello}Here is invoice ${invoice.number} for ${amount}, due on ${formatDate(invoice.due_date)} and paid on ${formatDate(invoice.paid_date)}, for your records:\n${url}\n\nIt opens in your browser and can be printed or saved as a PDF. Thank you.\n`
      : `${hello}Here is invoice ${invoice.number} for ${amount}, due on ${formatDate(invoice.due_date)}:\n${url}\n\nIt opens in your browser with our bank details and the reference to quote, and can be printed or saved as a PDF. Any questions, just reply.\n`;
  return { subject: `Invoice ${invoice.number}`, body };
}

export function ShareDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const share = useShareInvoice();
  const send = useEmailInvoiceLink();
  const revoke = useRevokeInvoiceLink();
  return (
    <ShareLinkDialog
      noun="invoice"
      name={invoice.number}
      status={invoice.status}
      share={invoice.share}
      description="A link to the invoice's own page, for the client to read and pay."
      intro="The client reads the invoice on its own page, with your bank details and the reference to quote; it prints and saves as a PDF."
      recipient={invoice.contact_email}
      message={messageFor(invoice)}
      createLink={() => share.mutateAsync(invoice.id).then(({ url, invoice: now }) => ({ url, status: now.status }))}
      creating={share.isPending}
      emailLink={(input) =>
        send.mutateAsync({ id: invoice.id, input }).then(({ url, invoice: now, email }) => ({ url, status: now.status, email }))
      }
      emailing={send.isPending}
      revokeLink={() => revoke.mutateAsync(invoice.id)}
      revoking={revoke.isPending}
      email={(url) => emailFor(invoice, url)}
      onClose={onClose}
    />
  );
}
