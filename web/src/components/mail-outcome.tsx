/**
 * What the studio sees after asking the CRM to e-mail someone a link (a client's proposal or
 * invoice, a colleague's invitation): that it went, or, when Cloudflare would not send it, why,
 * with the link to copy and the same message ready in their own mail (docs/decisions/0024).
 */
import { Copy, Mail } from "lucide-react";
import type { EmailOutcome } from "@contract/email-outcome";
import { mailtoLink } from "@contract/mailto";
import { Button, buttonClass } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { copyText } from "@/lib/copy-text";

/** "E-mailed to …", or the reason Cloudflare gave, as an alert. */
export function MailOutcomeNotice({ outcome }: { outcome: EmailOutcome }) {
  return outcome.sent ? (
    <p role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
      E-mailed to <span className="font-medium wrap-anywhere">{outcome.to}</span>.
    </p>
  ) : (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">The e-mail wasn't sent</p>
      <p className="mt-1 wrap-anywhere">{outcome.reason}</p>
    </div>
  );
}

/** The message Cloudflare would not send, addressed and ready in the studio's own mail. */
export const mailtoOf = (outcome: Extract<EmailOutcome, { sent: false }>) =>
  mailtoLink(outcome.to, { subject: outcome.subject, body: outcome.text });

export interface LinkHandOffProps {
  /** The field's label: "Link to the proposal". */
  label: string;
  hint: string;
  url: string;
  /** The `mailto:` link behind Open in e-mail. */
  mailto: string;
  /** What the toast says once Copy link has copied it. */
  copied?: string;
}

/** A link shown once, with Copy link and Open in e-mail. */
export function LinkHandOff({ label, hint, url, mailto, copied = "Link copied" }: LinkHandOffProps) {
  return (
    <>
      <Field label={label} hint={hint}>
        {(p) => <Input {...p} readOnly value={url} className="font-mono" onFocus={(e) => e.currentTarget.select()} />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => void copyText(url, { copied, what: "link" })}>
          <Copy className="size-4" aria-hidden="true" />
          Copy link
        </Button>
        <a href={mailto} className={buttonClass("secondary")}>
          <Mail className="size-4" aria-hidden="true" />
          Open in e-mail
        </a>
      </div>
    </>
  );
}
