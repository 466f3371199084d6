/** The /contact message form: name, email, subject, message (docs/spec.md §2, §5, §8). */
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { ContactInput } from "@contract/form-submission";
import { lazyZodResolver } from "./lazy-resolver";
import { applyFieldErrors } from "@/lib/form-errors";
import { usePublicToast } from "@/lib/lazy-toast";
import { Field, Input } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { Button } from "@/components/ui/button";
import { Honeypot } from "./honeypot";
import { sendContact } from "./submit";
import { SentNotice } from "./sent-notice";
import { formActions } from "@contract/form-actions";

const empty: ContactInput = { name: "", email: "", subject: "", message: "", website_url: "" };

const SENT = { title: "Message Sent!", description: "Thank you for your message. We'll get back to you within 24 hours." };

const validation = lazyZodResolver<ContactInput>(() => import("@contract/form-submission").then((m) => m.contactInput));

export function ContactForm() {
  const form = useForm<ContactInput>({ resolver: validation.resolver, defaultValues: empty });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const show = usePublicToast();
  // After a send the confirmation stays on the page, as it does for a native post; the next send clears it.
  const [sent, setSent] = useState(false);
  // A form is hydrated on its first use (web/src/islands/registry.ts): that use is when zod is wanted.
  useEffect(() => validation.prefetch(), []);

  const onSubmit = handleSubmit(async (values) => {
    setSent(false);
    try {
      await sendContact(values);
      show({ kind: "success", ...SENT });
      reset(empty);
      setSent(true);
    } catch (error) {
      applyFieldErrors(error, setError, ["name", "email", "subject", "message"]);
      show({ kind: "error", title: "Error", description: "Something went wrong. Please try again." });
    }
  });

  return (
    <form
      method="post"
      action={formActions.contact}
      onSubmit={onSubmit}
      onFocus={validation.prefetch}
      noValidate
      className="relative space-y-5"
      aria-label="Send us a message"
    >
      <SentNotice title={SENT.title} description={SENT.description} shown={sent} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} required>
          {(c) => <Input {...c} autoComplete="name" {...register("name")} />}
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          {(c) => <Input {...c} type="email" autoComplete="email" {...register("email")} />}
        </Field>
      </div>
      <Field label="Subject" error={errors.subject?.message} required>
        {(c) => <Input {...c} {...register("subject")} />}
      </Field>
      <Field label="Message" error={errors.message?.message} required>
        {(c) => <Textarea {...c} rows={6} {...register("message")} />}
      </Field>
      <Honeypot registration={register("website_url")} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
