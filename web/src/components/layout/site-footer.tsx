/** The public footer: brand, social links, quick/service/legal links and the current year. */
import { useSyncExternalStore } from "react";
import { Link } from "react-router-dom";
import { Mail, MessageCircle } from "@/components/ui/icons";
import { services } from "@/content/services";
import { links, STUDIO_EMAIL } from "@/content/links";
import { legalPages } from "@/content/legal";
import { site } from "@/content/site";
import { InstagramIcon, LinkedinIcon } from "./brand-icons";
import { Logo } from "./logo";

const quickLinks = [
  { label: "Home", to: "/" },
  { label: "Portfolio", to: "/portfolio" },
  { label: "Client Previews", to: "/client-previews" },
  { label: "Testimonials", to: "/testimonials" },
  { label: "Contact", to: "/contact" },
  { label: "Get Free Redesign", to: "/free-redesign" },
];

const socials = [
  { label: "Instagram", href: links.instagram, Icon: InstagramIcon },
  { label: "LinkedIn", href: links.linkedin, Icon: LinkedinIcon },
  { label: `Email ${STUDIO_EMAIL}`, href: links.email, Icon: Mail },
  { label: "Message us on WhatsApp", href: links.whatsapp, Icon: MessageCircle },
];

function FooterColumn({ title, items }: { title: string; items: readonly { label: string; to: string }[] }) {
  return (
    <div>
      <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {items.map((i) => (
          <li key={i.to}>
            <Link to={i.to} className="text-sm text-slate-300 transition-colors hover:text-white">
              {i.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const neverChanges = () => () => {};

/**
 * The prerendered HTML carries the build's year; on a static public page the boot script
 * (worker/http/page-boot.ts) writes today's year into `data-current-year`, so a page built one
 * December doesn't show last year's date all the next one. Rendered by the app (a public page
 * reached from the CRM), this starts from the build's year as the HTML does and then moves on.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

export function SiteFooter() {
  const year = useCurrentYear();

  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="container-page grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="max-w-sm">
          <Logo tone="light" />
          <p className="mt-4 text-sm leading-relaxed text-slate-300">{site.tagline}</p>
          <ul className="mt-6 flex gap-2" aria-label="Social links">
            {socials.map(({ label, href, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  {...(href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  className="flex size-10 items-center justify-center rounded-lg bg-white/5 text-slate-200 transition-colors hover:bg-brick-600 hover:text-white"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn title="Quick links" items={quickLinks} />
        <FooterColumn title="Services" items={services.map((s) => ({ label: s.name, to: s.path }))} />
        <FooterColumn title="Legal" items={legalPages.map((p) => ({ label: p.title, to: p.path }))} />
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © <span data-current-year="">{year}</span> {site.name}. All rights reserved.
          </p>
          <p>Designed and built in {site.city}, UK.</p>
        </div>
      </div>
    </footer>
  );
}
