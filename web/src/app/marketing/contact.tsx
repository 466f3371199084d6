/** /contact : the contact page: the message form and the three ways to reach us. */
import { PageIntro } from "@/components/marketing/page-intro";
import { ContactCards } from "@/components/marketing/contact-cards";
import { Island } from "@/components/island";
import { ContactForm } from "@/components/marketing/forms/contact-form";
import { claims, site } from "@/content/site";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Contact",
    description: `Contact ${site.name} in ${site.city}: book a ${claims.callMinutes}-minute call, message us on WhatsApp or send an email.`,
  }),
};

export function Component() {
  return (
    <>
      <PageIntro
        eyebrow="Contact"
        title="Let's work together"
        lead={`Tell us about your project and we will get back to you within ${claims.replyWithin}.`}
      />
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="message-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="message-heading" className="text-2xl font-bold tracking-tight">
            Send us a message
          </h2>
          <p className="mt-2 mb-6 text-slate-600">All fields are required. We reply within {claims.replyWithin}.</p>
          <Island name="contact-form">
            <ContactForm />
          </Island>
        </section>
        <section aria-labelledby="other-ways-heading">
          <h2 id="other-ways-heading" className="text-2xl font-bold tracking-tight">
            Prefer to talk?
          </h2>
          <p className="mt-2 mb-6 text-slate-600">Book a call, message us on WhatsApp or send an email.</p>
          <ContactCards stacked />
        </section>
      </div>
    </>
  );
}
