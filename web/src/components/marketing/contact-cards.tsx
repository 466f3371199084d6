/** The three ways to reach the studio: Book a Call, WhatsApp and Email (home and /contact). */
import { CalendarDays, Mail, MessageCircle } from "@/components/ui/icons";
import { links, STUDIO_EMAIL } from "@/content/links";
import { claims } from "@/content/site";

const cards = [
  {
    title: "Book a Call",
    text: `A relaxed ${claims.callMinutes}-minute call about your project. No hard sell.`,
    href: links.booking,
    action: "Schedule Now",
    Icon: CalendarDays,
  },
  {
    title: "WhatsApp",
    text: "Quick question? Message us and we'll reply the same working day.",
    href: links.whatsapp,
    action: "Send Message",
    Icon: MessageCircle,
  },
  { title: "Email", text: STUDIO_EMAIL, href: links.email, action: "Send Email", Icon: Mail },
];

export function ContactCards({ headingLevel = "h3", stacked = false }: { headingLevel?: "h2" | "h3"; stacked?: boolean }) {
  const Heading = headingLevel;
  return (
    <ul className={stacked ? "grid gap-4" : "grid gap-4 md:grid-cols-3"}>
      {cards.map(({ title, text, href, action, Icon }) => (
        <li key={title} data-reveal className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="flex size-11 items-center justify-center rounded-xl bg-brick-50 text-brick-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <Heading className="mt-4 text-lg font-semibold">{title}</Heading>
          <p className="mt-1 flex-1 break-words text-slate-600">{text}</p>
          <a
            href={href}
            {...(href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="mt-4 inline-flex font-semibold text-brick-700 underline underline-offset-4 hover:text-brick-800"
          >
            {action}
            {href.startsWith("http") && <span className="sr-only"> (opens in a new tab)</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
