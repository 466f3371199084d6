/**
 * /book: "Book a 30-minute call". The free times are the server's (worker/modules/bookings/book-pages-routes.ts
 * writes them into [data-book-times] on every request, grouped by day, as radio buttons in the
 * visitor's zone beside London's), so the page works with JavaScript off: the form posts natively.
 * With a script, the picker island shows the same times as a calendar in the device's own zone.
 */
import { PageIntro } from "@/components/marketing/page-intro";
import { BookPicker } from "@/components/marketing/book-picker";
import { Island } from "@/components/island";
import { Field, Input } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { buttonClass } from "@/components/ui/button";
import { claims, site } from "@/content/site";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Book a call",
    description: `Book a ${claims.callMinutes}-minute call with ${site.name} in ${site.city}: pick a time that suits you, by video or phone.`,
  }),
};

const sectionClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8";

export function Component() {
  return (
    <>
      <PageIntro
        eyebrow="Book a call"
        title={`Book a ${claims.callMinutes}-minute call`}
        lead="Pick a day and a time that suit you, then tell us a little about your project. You'll get an invitation for your calendar straight away."
      />
      <div className="container-page space-y-6 py-16">
        {/* The server fills in the zone it guessed and the zones to choose from. */}
        <form method="get" action="/book" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Time zone">
          <label className="flex flex-col gap-1.5">
            <span className="font-medium text-slate-800">Times shown in</span>
            <select name="zone" data-book-zones="" className="rounded-lg border border-slate-300 bg-white px-3 py-2">
              <option value="Europe/London">London</option>
            </select>
          </label>
          <button type="submit" className={buttonClass("secondary", "md")}>
            Change time zone
          </button>
          <p data-book-zone-note="" className="basis-full text-slate-600" />
        </form>
        <form method="post" action="/api/book" noValidate aria-label="Book a call" className="relative grid gap-8 lg:grid-cols-[1.2fr_1fr]">
          <input type="hidden" name="zone" value="Europe/London" data-book-zone="" />
          <section aria-labelledby="times-heading" className={sectionClass}>
            <h2 id="times-heading" className="text-2xl font-bold tracking-tight">
              Choose a time
            </h2>
            <div data-book-times="" className="mt-6 space-y-6">
              <p className="text-slate-600">The free times could not be read just now. Please reload the page.</p>
            </div>
            {/* With a script, a calendar of the same times in the device's own zone takes the list's place. */}
            <div className="mt-6">
              <Island name="book-picker">
                <BookPicker />
              </Island>
            </div>
          </section>
          <section aria-labelledby="details-heading" className={`${sectionClass} space-y-5`}>
            <h2 id="details-heading" className="text-2xl font-bold tracking-tight">
              Your details
            </h2>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-800">How shall we talk?</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="method" value="video" defaultChecked className="accent-brick-600" /> Video call
              </label>
              <label className="flex items-center gap-2">
                <input type="radio" name="method" value="phone" className="accent-brick-600" /> Phone call (we ring you)
              </label>
            </fieldset>
            <Field label="Name" required>
              {(c) => <Input {...c} name="name" autoComplete="name" />}
            </Field>
            <Field label="Email" required>
              {(c) => <Input {...c} name="email" type="email" autoComplete="email" />}
            </Field>
            <Field label="Phone" hint="Needed for a phone call">
              {(c) => <Input {...c} name="phone" type="tel" autoComplete="tel" />}
            </Field>
            <Field label="Company" hint="Optional">
              {(c) => <Input {...c} name="company" autoComplete="organization" />}
            </Field>
            <Field label="What would you like to talk about?" required>
              {(c) => <Textarea {...c} name="topic" rows={4} />}
            </Field>
            <Field label="How did you hear about us?" hint="Optional">
              {(c) => <Input {...c} name="heard_from" />}
            </Field>
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label>
                Leave this field empty
                <input type="text" name="website_url" tabIndex={-1} autoComplete="off" />
              </label>
            </div>
            <p className="text-xs leading-relaxed text-slate-600">
              We keep what you give here to prepare for the call and follow it up. If you don't go on to work with us, it is deleted 12
              months after the call, or sooner if you ask. See our <a href="/privacy">privacy notice</a>.
            </p>
            <button type="submit" className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
              Book the call
            </button>
          </section>
        </form>
      </div>
    </>
  );
}
