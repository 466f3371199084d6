/** / : the home page. Sections in docs/spec.md §2 order: hero, How It Works, team, featured project, portfolio teaser, testimonials, contact. */
import { Link } from "react-router-dom";
import { ArrowRight, Check, Star } from "@/components/ui/icons";
import { buttonClass } from "@/components/ui/button";
import { ContactCards } from "@/components/marketing/contact-cards";
import { ProjectCard, ProjectImage } from "@/components/marketing/project-card";
import { SectionHeading } from "@/components/marketing/section-heading";
import { TestimonialCard } from "@/components/marketing/testimonial-card";
import { caseStudies, caseStudyBySlug } from "@/content/case-studies";
import { buildSteps, clientLogos, featuredBlurb, featuredSlug, team } from "@/content/home";
import { testimonials } from "@/content/testimonials";
import { links, STUDIO_EMAIL } from "@/content/links";
import { claims, site } from "@/content/site";
import type { RouteHandle } from "@/lib/page-meta";

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

const featured = caseStudyBySlug(featuredSlug);
const teaser = caseStudies.filter((c) => c.featured && c.slug !== featuredSlug).slice(0, 3);

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
              <a href={links.booking} className={buttonClass("primary", "lg")}>
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

      <LogoStrip />

      <section aria-labelledby="how-heading" className="render-when-near container-page py-20 sm:py-24">
        <SectionHeading
          id="how-heading"
          eyebrow="How It Works"
          title={`From first call to live website in as little as ${claims.deliveryDays} days`}
        >
          A short, focused process with one person you can call at every step. You always know what happens next.
        </SectionHeading>
        <ol className="mt-12 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {buildSteps.map((step, i) => (
            <li key={step.day} data-reveal className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex rounded-full bg-brick-50 px-3 py-1 text-sm font-semibold text-brick-700">{step.day}</span>
              <h3 className="mt-4 text-lg font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="team-heading" className="render-when-near border-y border-slate-200 bg-white">
        <div className="container-page py-20 sm:py-24">
          <SectionHeading id="team-heading" eyebrow="Your dedicated team" title="Small studio, real people, no hand-offs">
            You work with the same small {site.city} team from the strategy call to launch day and beyond, with support whenever you need
            it.
          </SectionHeading>
          <ul className="mt-12 grid gap-4 md:grid-cols-3">
            {team.map((member) => (
              <li key={member.name} data-reveal className="rounded-2xl border border-slate-200 bg-paper p-6">
                <span
                  aria-hidden="true"
                  className="flex size-12 items-center justify-center rounded-full bg-brick-600 font-display text-lg font-bold text-white"
                >
                  {member.initials}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{member.name}</h3>
                <p className="text-sm font-medium text-brick-700">{member.role}</p>
                <p className="mt-2 text-slate-600">{member.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {featured && (
        <section aria-labelledby="featured-heading" className="render-when-near container-page py-20 sm:py-24">
          <div
            data-reveal
            className="grid items-center gap-10 overflow-hidden rounded-3xl bg-slate-950 p-6 text-white sm:p-10 lg:grid-cols-2"
          >
            <div>
              <p className="text-sm font-semibold tracking-widest text-brick-300 uppercase">Featured project</p>
              <h2 id="featured-heading" className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">
                {featured.title}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-slate-300">{featuredBlurb}</p>
              <Link to={`/portfolio/${featured.slug}`} className={buttonClass("primary", "lg", "mt-8")}>
                Read the case study
                <ArrowRight className="size-5" aria-hidden="true" />
              </Link>
            </div>
            <ProjectImage study={featured} className="rounded-2xl" />
          </div>
        </section>
      )}

      <section aria-labelledby="work-heading" className="render-when-near border-t border-slate-200 bg-white">
        <div className="container-page py-20 sm:py-24">
          <div className="flex flex-wrap items-end justify-between gap-6">
            <SectionHeading id="work-heading" eyebrow="Portfolio" title="Recent work">
              Websites we have designed and built for businesses in {site.city} and beyond.
            </SectionHeading>
            <Link to="/portfolio" className={buttonClass("secondary", "md")}>
              View all projects
            </Link>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {teaser.map((study) => (
              <li key={study.slug}>
                <ProjectCard study={study} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="render-when-near container-page py-20 sm:py-24">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What our clients say">
            {claims.trustedBy}. Here are a few of them.
          </SectionHeading>
          <Link to="/testimonials" className={buttonClass("secondary", "md")}>
            Read all testimonials
          </Link>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2">
          {testimonials.slice(0, 2).map((t) => (
            <li key={t.name}>
              <TestimonialCard t={t} />
            </li>
          ))}
        </ul>
      </section>

      <section id="contact" aria-labelledby="contact-heading" className="render-when-near scroll-mt-20 border-t border-slate-200 bg-white">
        <div className="container-page py-20 sm:py-24">
          <SectionHeading id="contact-heading" eyebrow="Contact" title="Ready to start your build?">
            Pick whichever suits you. We reply within {claims.replyWithin}, and there is 24/7 support once your site is live.
          </SectionHeading>
          <div className="mt-12">
            <ContactCards />
          </div>
        </div>
      </section>
    </>
  );
}

/** The seven client names as wordmarks, scrolling; the second copy only makes the loop seamless. */
function LogoStrip() {
  return (
    <section aria-label="Some of our clients" className="marquee-wrap overflow-hidden border-b border-slate-200 bg-white py-8">
      <div className="marquee flex w-max">
        {[false, true].map((copy) => (
          <ul key={String(copy)} aria-hidden={copy || undefined} className="flex shrink-0 items-center gap-12 pr-12">
            {clientLogos.map((name) => (
              <li key={name} className="font-display text-lg font-semibold tracking-tight whitespace-nowrap text-slate-500">
                {name}
              </li>
            ))}
          </ul>
        ))}
      </div>
    </section>
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
