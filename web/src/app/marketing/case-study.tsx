/** /portfolio/{slug} : one case study; an unknown slug is the not-found page. */
import { Link, useParams } from "react-router-dom";
import { ArrowLeft } from "lucide-react";
import { NotFoundContent } from "../../components/layout/not-found-content";
import { caseStudyBySlug } from "../../content/case-studies";
import { site } from "../../content/site";
import { notFoundMeta, type RouteHandle } from "../../lib/page-meta";

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
  return (
    <article className="container-page py-12 sm:py-16">
      <Link
        to="/portfolio"
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-brick-700 hover:text-brick-800"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Portfolio
      </Link>
      <p className="mt-8 text-sm font-semibold tracking-widest text-brick-700 uppercase">{study.category}</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">{study.title}</h1>
      <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">{study.summary}</p>
    </article>
  );
}
