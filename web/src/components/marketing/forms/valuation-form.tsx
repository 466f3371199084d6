/**
 * Amco Real Estate's 'Book A Valuation' form: validated with the contract's zod schema and stored
 * like the contact form, it becomes a lead. It sits on a case study page that most visitors only
 * read, so zod and the toaster load on first submit instead of with the page; the fields
 * themselves are plain inputs, present in the prerendered HTML.
 */
import { useState, type FormEvent } from "react";
import type { ValuationInput } from "@contract/form-submission";
import { isApiError } from "@/lib/api";
import { usePublicToast } from "@/lib/lazy-toast";
import { Field, Input } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { Button } from "@/components/ui/button";
import { sendValuation } from "./submit";
import { SentNotice } from "./sent-notice";
import { formActions } from "@contract/form-actions";

type FieldName = "name" | "email" | "phone" | "propertyAddress" | "message";
type Errors = Partial<Record<FieldName, string>>;

const SENT = { title: "Valuation Requested!", description: "Thank you. We'll be in touch within 24 hours to arrange a time." };

export function ValuationForm() {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const show = usePublicToast();
  // After a send the confirmation stays on the page, as it does for a native post; the next send clears it.
  const [sent, setSent] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as unknown as ValuationInput;
    setBusy(true);
    setSent(false);
    try {
      const { valuationInput } = await import("@contract/form-submission");
      const parsed = valuationInput.safeParse(values);
      if (!parsed.success) {
        const next: Errors = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as FieldName;
          next[key] ??= issue.message;
        }
        setErrors(next);
        form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
        return;
      }
      setErrors({});
      await sendValuation(values);
      form.reset();
      show({ kind: "success", ...SENT });
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields as Errors);
      show({ kind: "error", title: "Error", description: "Something went wrong. Please try again." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      method="post"
      action={formActions.valuation}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="relative space-y-5"
      aria-labelledby="valuation-heading"
    >
      <h2 id="valuation-heading" className="text-2xl font-bold tracking-tight">
        Book A Valuation
      </h2>
      <p className="text-slate-600">
        The form we built for Amco, working here as it does on their site. Requests reach the team in seconds.
      </p>
      <SentNotice title={SENT.title} description={SENT.description} shown={sent} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name} required>
          {(c) => <Input {...c} name="name" autoComplete="name" />}
        </Field>
        <Field label="Email" error={errors.email} required>
          {(c) => <Input {...c} name="email" type="email" autoComplete="email" />}
        </Field>
        <Field label="Phone" error={errors.phone} required>
          {(c) => <Input {...c} name="phone" type="tel" autoComplete="tel" />}
        </Field>
        <Field label="Property address" error={errors.propertyAddress} required>
          {(c) => <Input {...c} name="propertyAddress" autoComplete="street-address" />}
        </Field>
      </div>
      <Field label="Anything we should know?" hint="Optional" error={errors.message}>
        {(c) => <Textarea {...c} name="message" rows={4} />}
      </Field>
      {/* Honeypot: people never see it; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name="website_url" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Sending..." : "Book A Valuation"}
      </Button>
    </form>
  );
}
