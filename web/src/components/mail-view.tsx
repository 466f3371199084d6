/**
 * A filed e-mail as text (never HTML): who, when, the subject, the body and the attachments'
 * names and sizes. Shared by the timelines' Email entries and Unfiled mail.
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { MailAddress, MailMessage } from "@contract/mail";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format";
import { mailQueryOptions } from "@/lib/mail";

const person = (a: MailAddress) => (a.name ? `${a.name} <${a.address}>` : a.address);
const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

export function MailBody({ message }: { message: MailMessage }) {
  const files = message.attachments.filter((a) => !a.inline);
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600">
        <dt>From</dt>
        <dd className="break-all text-slate-900">
          {message.from_address ? person({ name: message.from_name, address: message.from_address }) : "—"}
        </dd>
        <dt>To</dt>
        <dd className="break-all">{message.to.map(person).join(", ") || "—"}</dd>
        {message.cc.length > 0 && (
          <>
            <dt>Cc</dt>
            <dd className="break-all">{message.cc.map(person).join(", ")}</dd>
          </>
        )}
        <dt>Date</dt>
        <dd>{message.sent_at ? formatDateTime(message.sent_at) : "Not given"}</dd>
        <dt>Filed by</dt>
        <dd>{message.filed_by_name}</dd>
      </dl>
      <p className="font-medium">{message.subject || "(no subject)"}</p>
      {message.invite && (
        <p className="text-xs text-slate-600">
          Calendar invite: {message.invite.summary ?? "(untitled)"}
          {message.invite.start ? `, ${message.invite.start}` : ""}
        </p>
      )}
      <p className="max-h-96 overflow-y-auto whitespace-pre-wrap break-words text-slate-800">{message.body || "(no text)"}</p>
      {files.length > 0 && (
        <ul className="text-xs text-slate-600" aria-label="Attachments">
          {files.map((a, i) => (
            <li key={i}>
              📎 {a.filename ?? "(unnamed)"} ({size(a.size)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An Email entry's message, loaded when opened. */
export function MailView({ id }: { id: string }) {
  const query = useQuery(mailQueryOptions(id));
  if (query.isPending) return <Spinner label="Loading e-mail" />;
  if (query.isError) return <p className="text-sm text-slate-600">The e-mail could not be loaded.</p>;
  return <MailBody message={query.data.message} />;
}

/** An Email entry's "View e-mail": the message opened in place, below the entry. */
export function MailToggle({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-1">
      <button type="button" className="text-xs font-medium text-brick-700 underline" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? "Hide e-mail" : "View e-mail"}
      </button>
      {open && (
        <div className="mt-2">
          <MailView id={id} />
        </div>
      )}
    </div>
  );
}
