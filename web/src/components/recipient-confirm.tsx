/**
 * What a send from the CRM says when the worker holds it back (worker/modules/users-and-auth/send-guard.ts): an
 * address that is not one of the record's own (or, for an invitation, outside the studio's
 * domains) needs a tick, shown with the worker's words once it has answered 422 on
 * `confirm_recipient`, for as long as that address is the one typed; and a sender past 20 sends an
 * hour is told when they can send again. The Share dialog and the invite form both use it.
 */
import { useEffect, useId, useRef, useState } from "react";
import { isApiError } from "@/lib/api";
import { cn } from "@/lib/cn";

/** The address the worker asked to confirm, and why. */
interface Flagged {
  to: string;
  message: string;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The state of a send's recipient check and limit. `confirmFor(to)` is what to send as
 * `confirm_recipient`; `failed(error, to)` reads a refused send (true when it was about the
 * recipient or the limit, which this shows, rather than a field).
 */
export function useRecipientCheck() {
  const [flagged, setFlagged] = useState<Flagged | null>(null);
  const [ticked, setTicked] = useState(false);
  const [limited, setLimited] = useState<string | null>(null);
  return {
    flagged,
    ticked,
    setTicked,
    limited,
    confirmFor: (to: string) => (flagged !== null && ticked && sameAddress(flagged.to, to)) || undefined,
    failed(error: unknown, to: string): boolean {
      if (!isApiError(error)) return false;
      if (error.status === 429) {
        setLimited(error.message);
        return true;
      }
      setLimited(null);
      const message = error.fields?.confirm_recipient;
      if (!message) return false;
      setFlagged({ to, message });
      setTicked(false);
      return true;
    },
    sent() {
      setFlagged(null);
      setTicked(false);
      setLimited(null);
    },
  };
}

type RecipientCheck = ReturnType<typeof useRecipientCheck>;

/**
 * The tick, with the worker's reason, while `to` is the address it was asked about; and the
 * limit's message when a send was refused for it. `label` names the action: "Send it to … anyway".
 */
export function RecipientConfirm({
  check,
  to,
  label,
  className,
}: {
  check: RecipientCheck;
  to: string;
  label: (to: string) => string;
  className?: string;
}) {
  const id = useId();
  const box = useRef<HTMLInputElement>(null);
  const shown = check.flagged !== null && sameAddress(check.flagged.to, to);
  // The question appears after a press of Send: take the keyboard to it.
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown, check.flagged]);
  if (!shown && !check.limited) return null;
  return (
    <div className={cn("space-y-3", className)}>
      {shown && (
        <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          <p id={`${id}-why`} role="alert" className="text-amber-950">
            {check.flagged!.message}
          </p>
          <div className="flex items-start gap-3">
            <input
              ref={box}
              id={id}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brick-600"
              aria-describedby={`${id}-why`}
              checked={check.ticked}
              onChange={(e) => check.setTicked(e.target.checked)}
            />
            <label htmlFor={id} className="font-medium text-slate-800">
              {label(check.flagged!.to)}
            </label>
          </div>
        </div>
      )}
      {check.limited && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {check.limited}
        </p>
      )}
    </div>
  );
}
