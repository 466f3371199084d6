/** / : the home page. Sections beyond the hero and services are added with the page content. */
import { Link } from "react-router-dom";
import { ArrowRight, Check, Star } from "lucide-react";
import { buttonClass } from "../../components/ui/button";
import { ContactCta } from "../../components/marketing/contact-cta";
import { services } from "../../content/services";
import { links, STUDIO_EMAIL } from "../../content/links";
import { claims, site } from "../../content/site";
import type { RouteHandle } from "../../lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: site.name,
    description: `${site.name} is a ${site.city} web design studio building clean, conversion-focused websites for small businesses, live in as little as ${claims.deliveryDays} days.`,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "ProfessionalService",
      name: site.name,
      url: `${site.origin}/`,
      logo: `${site.origin}/favicon.svg`,
      email: STUDIO_EMAIL,
      description: site.tagline,
      address: { "@type": "PostalAddress", addressLocality: site.city, addressRegion: site.region, addressCountry: site.countryCode },
      areaServed: [site.city, site.region, site.country],
      sameAs: [links.instagram, links.linkedin],
    },
  }),
};

export function Component() {
  return (
    <>
      <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brick-50 via-paper to-paper">
        <div className="container-page grid items-center gap-16 py-20 sm:py-28 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-brick-200 bg-white px-3 py-1 text-sm font-semibold text-brick-700 shadow-sm">
              <span className="size-2 rounded-full bg-brick-600" aria-hidden="true" />
              {claims.spotsBadge}
            </p>
            <h1 className="mt-6 max-w-4xl text-4xl leading-[1.05] font-extrabold tracking-tight sm:text-6xl">
              Websites that win you customers, <span className="text-brick-600">live in {claims.deliveryDays} days.</span>
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-600 sm:text-xl">
              We are a {site.city} web design studio. We build clean, fast, conversion-focused websites for small businesses across the UK,
              without the agency runaround.
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <a href={links.booking} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "lg")}>
                Start Your Build
                <ArrowRight className="size-5" aria-hidden="true" />
              </a>
              <Link to="/portfolio" className={buttonClass("secondary", "lg")}>
                See Our Work
              </Link>
            </div>
            <p className="mt-10 flex items-center gap-2 text-sm font-medium text-slate-600">
              <span className="flex text-brick-600" aria-hidden="true">
                {Array.from({ length: 5 }, (_, i) => (
                  <Star key={i} className="size-4 fill-current" />
                ))}
              </span>
              {claims.trustedBy}
            </p>
          </div>
          <BrowserSketch />
        </div>
      </section>

      <section aria-labelledby="services-heading" className="container-page py-20">
        <h2 id="services-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          What we do
        </h2>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {services.map((s) => (
            <li key={s.path}>
              <Link
                to={s.path}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brick-300 hover:shadow-md"
              >
                <span className="font-display text-lg font-semibold text-ink">{s.name}</span>
                <span className="mt-2 flex-1 text-slate-600">{s.summary}</span>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brick-700">
                  Learn more <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <ContactCta />
    </>
  );
}

/** A sketch of a finished site in a browser window: decoration only, drawn in CSS (no image to load). */
function BrowserSketch() {
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="absolute -inset-8 rounded-[2.5rem] bg-gradient-to-tr from-brick-200/50 via-brick-100/30 to-transparent blur-2xl" />
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10">
        <div className="flex items-center gap-1.5 border-b border-slate-100 bg-slate-50 px-4 py-3">
          <span className="size-2.5 rounded-full bg-brick-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="ml-3 h-5 flex-1 rounded-md bg-white ring-1 ring-slate-200" />
        </div>
        <div className="space-y-4 p-7">
          <div className="h-2.5 w-24 rounded-full bg-brick-200" />
          <div className="h-5 w-4/5 rounded-md bg-slate-800" />
          <div className="h-5 w-3/5 rounded-md bg-slate-800" />
          <div className="space-y-2 pt-1">
            <div className="h-2.5 w-full rounded-full bg-slate-100" />
            <div className="h-2.5 w-5/6 rounded-full bg-slate-100" />
          </div>
          <div className="flex gap-2 pt-2">
            <div className="h-9 w-28 rounded-lg bg-brick-600" />
            <div className="h-9 w-24 rounded-lg border border-slate-200" />
          </div>
          <div className="grid grid-cols-3 gap-3 pt-4">
            {["from-brick-100", "from-slate-100", "from-amber-50"].map((tone) => (
              <div key={tone} className={`h-24 rounded-xl border border-slate-100 bg-gradient-to-br ${tone} to-white`} />
            ))}
          </div>
        </div>
      </div>
      <div className="absolute -bottom-5 -left-6 flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-lg">
        <span className="flex size-8 items-center justify-center rounded-full bg-brick-600 text-white">
          <Check className="size-4" />
        </span>
        <span>
          <span className="block text-xs text-slate-500">Launch</span>
          <span className="block text-sm font-semibold text-ink">Day {claims.deliveryDays}</span>
        </span>
      </div>
    </div>
  );
}
