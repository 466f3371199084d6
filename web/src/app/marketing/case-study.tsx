/** /portfolio/{slug} : one case study; an unknown slug is the not-found page. */
import { Link, useParams } from "react-router-dom";
import { ArrowLeft, CalendarDays, Check, ExternalLink } from "@/components/ui/icons";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { caseStudyBySlug } from "@/content/case-studies";
import { caseStudyText } from "@/content/case-study-text";
import { claims, site } from "@/content/site";
import { links } from "@/content/links";
import { ProjectImage } from "@/components/marketing/project-card";
import { Island } from "@/components/island";
import { ValuationForm } from "@/components/marketing/forms/valuation-form";
import { buttonClass } from "@/components/ui/button";
import { notFoundMeta, type RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: ({ slug }) => {
    const study = caseStudyBySlug(slug);
    if (!study) return notFoundMeta;
    return {
      title: `${study.title} Case Study`,
      description: `${study.summary} A ${study.category.toLowerCase()} project by ${site.name}, ${site.city}.`,
      ogType: "article",
      noindex: study.template,
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        name: study.title,
        description: study.summary,
        genre: study.category,
        url: `${site.origin}/portfolio/${study.slug}`,
        creator: { "@type": "Organization", name: site.name, url: `${site.origin}/` },
      },
    };
  },
};

export function Component() {
  const study = caseStudyBySlug(useParams().slug);
  if (!study) return <NotFoundContent />;
  const { story, details } = caseStudyText[study.slug] ?? {};
  return (
    <article>
      <header className="border-b border-slate-200 bg-gradient-to-b from-brick-50/70 to-paper">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2">
          <div>
            <Link
              to="/portfolio"
              className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brick-700 hover:text-brick-800"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              Back to Portfolio
            </Link>
            <p className="mt-8">
              <span className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-semibold text-brick-700 ring-1 ring-brick-200">
                {study.category}
              </span>
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">{study.title}</h1>
            <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">{details?.description ?? study.summary}</p>
            {(study.liveUrl || details) && (
              <div className="mt-8 flex flex-wrap gap-3">
                {study.liveUrl && (
                  <a href={study.liveUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "lg")}>
                    <ExternalLink className="size-5" aria-hidden="true" />
                    View Live Site
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                )}
                {details && (
                  <Link to="/contact" className={buttonClass("primary", "lg")}>
                    Get Similar Project
                  </Link>
                )}
              </div>
            )}
          </div>
          <ProjectImage study={study} eager className="rounded-2xl border border-slate-200 shadow-xl shadow-slate-900/5" />
        </div>
      </header>

      {story && (
        <div className="container-page max-w-3xl py-16">
          <section data-reveal aria-labelledby="overview-heading">
            <h2 id="overview-heading" className="text-2xl font-bold tracking-tight">
              Overview
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">{story.overview}</p>
          </section>
          <section data-reveal aria-labelledby="did-heading" className="mt-12">
            <h2 id="did-heading" className="text-2xl font-bold tracking-tight">
              What We Did
            </h2>
            <ul className="mt-4 space-y-3">
              {story.whatWeDid.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <Check className="mt-1 size-5 shrink-0 text-brick-600" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </section>
          <section data-reveal aria-labelledby="outcome-heading" className="mt-12">
            <h2 id="outcome-heading" className="text-2xl font-bold tracking-tight">
              Outcome
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">{story.outcome}</p>
          </section>
          {study.valuationForm && (
            <div className="mt-12 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <Island name="valuation-form">
                <ValuationForm />
              </Island>
            </div>
          )}
          <div data-reveal className="mt-12 rounded-2xl bg-slate-950 p-8 text-white">
            <h2 className="text-2xl font-bold tracking-tight text-white">Want a website like {study.title}'s?</h2>
            <p className="mt-2 text-slate-300">Tell us about your business on a relaxed {claims.callMinutes}-minute call.</p>
            <a href={links.booking} className={buttonClass("primary", "lg", "mt-6")}>
              <CalendarDays className="size-5" aria-hidden="true" />
              Book a call
            </a>
          </div>
        </div>
      )}

      {details && (
        <div className="container-page grid gap-6 py-16 md:grid-cols-2">
          <section data-reveal aria-labelledby="tech-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="tech-heading" className="text-xl font-bold tracking-tight">
              Technologies Used
            </h2>
            <ul className="mt-4 flex flex-wrap gap-2">
              {details.technologies.map((t) => (
                <li key={t} className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
                  {t}
                </li>
              ))}
            </ul>
          </section>
          <section data-reveal aria-labelledby="features-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="features-heading" className="text-xl font-bold tracking-tight">
              Key Features
            </h2>
            <ul className="mt-4 space-y-2">
              {details.keyFeatures.map((f) => (
                <li key={f} className="flex gap-3 text-slate-700">
                  <Check className="mt-0.5 size-5 shrink-0 text-brick-600" aria-hidden="true" />
                  {f}
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </article>
  );
}
