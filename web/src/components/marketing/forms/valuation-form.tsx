/** Amco Real Estate's 'Book A Valuation' form: validated and stored like the contact form, it becomes a lead. */
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { valuationInput, type ValuationInput } from "../../../../../contract/form-submission";
import { applyFieldErrors } from "../../../lib/form-errors";
import { AppToaster, toast } from "../../../lib/toast";
import { cn } from "../../../lib/cn";
import { Field, Input, inputClass } from "../../ui/field";
import { Button } from "../../ui/button";
import { Honeypot } from "./honeypot";
import { sendValuation } from "./submit";

const empty: ValuationInput = { name: "", email: "", phone: "", propertyAddress: "", message: "", website_url: "" };

export function ValuationForm() {
  const { register, handleSubmit, reset, setError, formState } = useForm<ValuationInput>({
    resolver: zodResolver(valuationInput),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendValuation(values);
      toast.success("Valuation Requested!", { description: "Thank you. We'll be in touch within 24 hours to arrange a time." });
      reset(empty);
    } catch (error) {
      applyFieldErrors(error, setError, ["name", "email", "phone", "propertyAddress", "message"]);
      toast.error("Error", { description: "Something went wrong. Please try again." });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="relative space-y-5" aria-labelledby="valuation-heading">
      <h2 id="valuation-heading" className="text-2xl font-bold tracking-tight">
        Book A Valuation
      </h2>
      <p className="text-slate-600">
        The form we built for Amco, working here as it does on their site. Requests reach the team in seconds.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message} required>
          {(c) => <Input {...c} autoComplete="name" {...register("name")} />}
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          {(c) => <Input {...c} type="email" autoComplete="email" {...register("email")} />}
        </Field>
        <Field label="Phone" error={errors.phone?.message} required>
          {(c) => <Input {...c} type="tel" autoComplete="tel" {...register("phone")} />}
        </Field>
        <Field label="Property address" error={errors.propertyAddress?.message} required>
          {(c) => <Input {...c} autoComplete="street-address" {...register("propertyAddress")} />}
        </Field>
      </div>
      <Field label="Anything we should know?" hint="Optional" error={errors.message?.message}>
        {(c) => <textarea {...c} rows={4} className={cn(inputClass, "h-auto py-2.5")} {...register("message")} />}
      </Field>
      <Honeypot registration={register("website_url")} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Sending..." : "Book A Valuation"}
      </Button>
      <AppToaster />
    </form>
  );
}
