/** The closing "get in touch" band used by the home and service pages (the #contact anchor). */
import { CalendarDays, Mail } from "@/components/ui/icons";
import { links } from "@/content/links";
import { claims } from "@/content/site";
import { buttonClass } from "@/components/ui/button";

export function ContactCta({ title = "Ready to get started?" }: { title?: string }) {
  return (
    <section id="contact" className="scroll-mt-20 bg-slate-950 text-white">
      <div className="container-page flex flex-col items-start gap-8 py-16 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 className="text-3xl font-bold tracking-tight text-white">{title}</h2>
          <p className="mt-3 max-w-xl text-slate-300">
            Book a relaxed {claims.callMinutes}-minute call or drop us a line. We reply within {claims.replyWithin}.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a href={links.booking} className={buttonClass("primary", "lg")}>
            <CalendarDays className="size-5" aria-hidden="true" />
            Book a Call
          </a>
          <a href={links.email} className={buttonClass("secondary", "lg")}>
            <Mail className="size-5" aria-hidden="true" />
            Send Email
          </a>
        </div>
      </div>
    </section>
  );
}
