/**
 * A case study card (portfolio grid and home teaser) and the project illustration image. An
 * eager image is the page's largest paint: fetched first and never faded in, so it counts at once.
 */
import { Link } from "react-router-dom";
import { ArrowRight } from "@/components/ui/icons";
import type { CaseStudy } from "@/content/case-studies";
import { cn } from "@/lib/cn";

export function ProjectImage({ study, eager, className }: { study: CaseStudy; eager?: boolean; className?: string }) {
  return (
    <img
      src={`/portfolio/${study.slug}.svg`}
      alt={`Illustration of the ${study.title} website`}
      width={800}
      height={500}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={cn("block h-auto w-full bg-slate-50", className)}
    />
  );
}

/** `eager`: the card is at the top of the page, so its image is the largest paint (see ProjectImage). */
export function ProjectCard({ study, headingLevel = "h3", eager }: { study: CaseStudy; headingLevel?: "h2" | "h3"; eager?: boolean }) {
  const Heading = headingLevel;
  return (
    <article
      data-reveal
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-brick-600 focus-within:ring-offset-2 hover:border-brick-300 hover:shadow-md"
    >
      <ProjectImage study={study} eager={eager} />
      <div className="flex flex-1 flex-col p-6">
        <span className="text-xs font-semibold tracking-wide text-brick-700 uppercase">{study.category}</span>
        <Heading className="mt-2 text-lg font-semibold">
          <Link to={`/portfolio/${study.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {study.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-slate-600">{study.summary}</p>
        <span aria-hidden="true" className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brick-700">
          View case study <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}
