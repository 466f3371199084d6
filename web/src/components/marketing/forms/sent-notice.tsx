/**
 * A form's success message for browsers that posted it natively (before React hydrated, or
 * without JavaScript): the worker answers such a post with 303 to `{page}#sent`, and `:target`
 * shows this (the browser scrolls to the fragment). With React running the form sets `shown` after
 * a send, so the confirmation stays on the page beside the toast, which goes away; it is brought
 * into view and focused, since on a phone the send button is a screen or more below it.
 */
import { useEffect, useRef } from "react";
import { FORM_SENT_ID } from "@contract/form-actions";
import { Check } from "@/components/ui/icons";

export function SentNotice({ title, description, shown = false }: { title: string; description: string; shown?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown || !ref.current) return;
    // scroll-mt keeps it clear of the sticky header; focus tells a screen reader where the page now is.
    ref.current.scrollIntoView({ block: "start" });
    ref.current.focus({ preventScroll: true });
  }, [shown]);
  return (
    <div
      ref={ref}
      id={FORM_SENT_ID}
      role="status"
      tabIndex={-1}
      className={`${shown ? "flex" : "hidden target:flex"} scroll-mt-24 items-start gap-3 rounded-lg border border-green-700 bg-green-50 p-4 text-green-900`}
    >
      <Check className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{description}</p>
      </div>
    </div>
  );
}
