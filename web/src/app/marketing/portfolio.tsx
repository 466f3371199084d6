/** /portfolio : the project grid (tabs for Web Design, Branding and Apparel come with the page content). */
import { Link } from "react-router-dom";
import { PageIntro } from "../../components/marketing/page-intro";
import { caseStudies } from "../../content/case-studies";
import { site } from "../../content/site";
import type { RouteHandle } from "../../lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Portfolio",
    description: `Websites, brands and apparel designed by ${site.name} for businesses in ${site.city} and across the UK.`,
  }),
};

export function Component() {
  return (
    <>
      <PageIntro
        eyebrow="Portfolio"
        title="Our Work"
        lead="A selection of websites, brands and apparel we have designed and built for our clients."
      />
      <section aria-label="Projects" className="container-page py-16">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {caseStudies
            .filter((c) => c.featured)
            .map((c) => (
              <li key={c.slug}>
                <Link
                  to={`/portfolio/${c.slug}`}
                  className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brick-300 hover:shadow-md"
                >
                  <span className="text-xs font-semibold tracking-wide text-brick-700 uppercase">{c.category}</span>
                  <span className="mt-2 font-display text-lg font-semibold text-ink">{c.title}</span>
                  <span className="mt-2 text-slate-600">{c.summary}</span>
                </Link>
              </li>
            ))}
        </ul>
      </section>
    </>
  );
}
