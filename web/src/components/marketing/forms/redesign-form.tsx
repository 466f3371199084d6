/** The /free-redesign request form (docs/spec.md §2, §5, §8). */
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { RedesignInput } from "@contract/form-submission";
import { budgetOptions } from "@contract/budget-options";
import { lazyZodResolver } from "./lazy-resolver";
import { applyFieldErrors } from "@/lib/form-errors";
import { usePublicToast } from "@/lib/lazy-toast";
import { Field, Input } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { NativeSelect } from "@/components/ui/select-native";
import { Button } from "@/components/ui/button";
import { Honeypot } from "./honeypot";
import { sendRedesign } from "./submit";
import { SentNotice } from "./sent-notice";
import { formActions } from "@contract/form-actions";

const empty = { name: "", email: "", budget: "", currentWebsite: "", projectDescription: "", website_url: "" } as unknown as RedesignInput;

const SENT = { title: "Request Submitted!", description: "We'll get back to you with your free redesign proposal within 24 hours." };

const validation = lazyZodResolver<RedesignInput>(() => import("@contract/form-submission").then((m) => m.redesignInput));

export function RedesignForm() {
  const { register, handleSubmit, reset, setError, formState } = useForm<RedesignInput>({
    resolver: validation.resolver,
    defaultValues: empty,
  });
  const { errors, isSubmitting } = formState;
  const show = usePublicToast();
  // After a send the confirmation stays on the page, as it does for a native post; the next send clears it.
  const [sent, setSent] = useState(false);
  // A form is hydrated on its first use (web/src/islands/registry.ts): that use is when zod is wanted.
  useEffect(() => validation.prefetch(), []);

  const onSubmit = handleSubmit(async (values) => {
    setSent(false);
    try {
      await sendRedesign(values);
      show({ kind: "success", ...SENT });
      reset(empty);
      setSent(true);
    } catch (error) {
      applyFieldErrors(error, setError, ["name", "email", "budget", "currentWebsite", "projectDescription"]);
      show({ kind: "error", title: "Error", description: "Something went wrong. Please try again." });
    }
  });

  return (
    <form
      method="post"
      action={formActions.redesign}
      onSubmit={onSubmit}
      onFocus={validation.prefetch}
      noValidate
      className="relative space-y-5"
      aria-labelledby="redesign-form-heading"
    >
      <h2 id="redesign-form-heading" className="text-2xl font-bold tracking-tight">
        Tell us about your website
      </h2>
      <SentNotice title={SENT.title} description={SENT.description} shown={sent} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} required>
          {(c) => <Input {...c} autoComplete="name" {...register("name")} />}
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          {(c) => <Input {...c} type="email" autoComplete="email" {...register("email")} />}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Budget" error={errors.budget?.message} required>
          {(c) => (
            // defaultValue marks the placeholder selected in the prerendered HTML: without it a
            // browser with no JavaScript shows (and sends) the first real budget instead.
            <NativeSelect {...c} defaultValue="" {...register("budget")}>
              <option value="" disabled>
                Select a budget range
              </option>
              {budgetOptions.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Current website" hint="Optional, e.g. whitfieldjoinery.co.uk" error={errors.currentWebsite?.message}>
          {/* text, not url: the browser would refuse a bare domain, which the server completes with https:// */}
          {(c) => <Input {...c} type="text" inputMode="url" autoComplete="url" spellCheck={false} {...register("currentWebsite")} />}
        </Field>
      </div>
      <Field label="Project description" error={errors.projectDescription?.message} required>
        {(c) => (
          <Textarea
            {...c}
            rows={6}

            placeholder="What does your business do, and what should the new website achieve?"
            {...register("projectDescription")}
          />
        )}
      </Field>
      <Honeypot registration={register("website_url")} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? "Submitting..." : "Submit"}
      </Button>
    </form>
  );
}
