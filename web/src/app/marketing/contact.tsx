/** /contact : the contact page (the message form comes with the page content). */
import { CalendarDays, Mail, MessageCircle } from "lucide-react";
import { PageIntro } from "../../components/marketing/page-intro";
import { links, STUDIO_EMAIL } from "../../content/links";
import { claims, site } from "../../content/site";
import type { RouteHandle } from "../../lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Contact",
    description: `Contact ${site.name} in ${site.city}: book a ${claims.callMinutes}-minute call, message us on WhatsApp or send an email.`,
  }),
};

const cards = [
  {
    title: "Book a Call",
    text: `A relaxed ${claims.callMinutes}-minute call about your project.`,
    href: links.booking,
    action: "Schedule Now",
    Icon: CalendarDays,
  },
  { title: "WhatsApp", text: "Quick question? Send us a message.", href: links.whatsapp, action: "Send Message", Icon: MessageCircle },
  { title: "Email", text: STUDIO_EMAIL, href: links.email, action: "Send Email", Icon: Mail },
];

export function Component() {
  return (
    <>
      <PageIntro
        eyebrow="Contact"
        title="Let's work together"
        lead={`Tell us about your project and we will get back to you within ${claims.replyWithin}.`}
      />
      <section aria-label="Ways to reach us" className="container-page py-16">
        <ul className="grid gap-4 md:grid-cols-3">
          {cards.map(({ title, text, href, action, Icon }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="size-6 text-brick-600" aria-hidden="true" />
              <h2 className="mt-4 text-lg font-semibold">{title}</h2>
              <p className="mt-1 text-slate-600">{text}</p>
              <a
                href={href}
                {...(href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className="mt-4 inline-block font-semibold text-brick-700 underline-offset-4 hover:underline"
              >
                {action}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
