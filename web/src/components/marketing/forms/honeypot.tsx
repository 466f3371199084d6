/**
 * A field people never see and bots fill in. Moved off-screen (not display:none, which some bots
 * skip), hidden from assistive technology, out of the tab order and never autofilled.
 */
import type { UseFormRegisterReturn } from "react-hook-form";

export function Honeypot({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...registration} />
      </label>
    </div>
  );
}
