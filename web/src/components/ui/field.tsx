/** Labelled form controls. Errors are tied to their input with aria-describedby and aria-invalid. */
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { icon } from "./icons";
import { cn } from "@/lib/cn";

const Eye = /* @__PURE__ */ icon(
  <>
    <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

const EyeOff = /* @__PURE__ */ icon(
  <>
    <path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" />
    <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" />
    <path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" />
    <path d="m2 2 20 20" />
  </>,
);

export const inputClass = cn(
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm",
  "placeholder:text-slate-500 focus-visible:border-brick-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brick-600/40",
  "aria-[invalid=true]:border-red-600 disabled:bg-slate-50",
);

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** Renders the control with the ids it must use. */
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean; required?: boolean }) => ReactNode;
}

export function Field({ label, error, hint, required, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    // In a grid or a row the field may be narrower than its control would be (a select is as wide as
    // its longest option): the control then takes the field's width rather than widen the page.
    <div className="min-w-0 space-y-1.5">
      {/* The asterisk sits outside <label> so the field's accessible name is exactly `label`; `required` says the rest. */}
      <div className="flex gap-1 text-sm font-medium text-slate-800">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="text-brick-700" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined, required })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Input({ className, ref, ...props }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={cn(inputClass, className)} {...props} />;
}

/** A password input with a show/hide toggle that keeps focus where it was. */
export function PasswordInput({
  className,
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input ref={ref} type={visible ? "text" : "password"} className={cn(inputClass, "pr-11", className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? "Hide password" : "Show password"}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
      >
        {visible ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
      </button>
    </div>
  );
}
