/**
 * /portfolio : Web Design (default), Branding and Apparel (coming soon); 3 columns on large
 * screens. The three views are a group of radio buttons, and CSS shows the chosen one's panel
 * (`.projects` in web/src/styles.css): it works from the first paint with no script, and the
 * arrow keys move between them as they do in any radio group.
 */
import { Link } from "react-router-dom";
import { PageIntro } from "@/components/marketing/page-intro";
import { ProjectCard } from "@/components/marketing/project-card";
import { buttonClass } from "@/components/ui/button";
import { caseStudies } from "@/content/case-studies";
import { site } from "@/content/site";
import { cn } from "@/lib/cn";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Portfolio",
    description: `Websites, brands and apparel designed by ${site.name} for businesses in ${site.city} and across the UK.`,
  }),
};

const tabs = [
  { id: "web-design", label: "Web Design" },
  { id: "branding", label: "Branding" },
  { id: "apparel", label: "Apparel" },
] as const;
type TabId = (typeof tabs)[number]["id"];

const comingSoon: Record<Exclude<TabId, "web-design">, string> = {
  branding: "Branding case studies are coming soon. In the meantime, ask us for examples on a call.",
  apparel: "Apparel projects are coming soon. We are photographing the latest print runs now.",
};

export function Component() {
  return (
    <>
      <PageIntro
        eyebrow="Portfolio"
        title="Our Work"
        lead="A selection of websites, brands and apparel we have designed and built for our clients."
      />
      <section aria-label="Projects" className="projects container-page py-16">
        <fieldset className="inline-flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-sm">
          <legend className="sr-only">Project types</legend>
          {tabs.map((t) => (
            <label
              key={t.id}
              className={cn(
                "cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100",
                "has-checked:bg-brick-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brick-600",
              )}
            >
              <input type="radio" name="project-type" value={t.id} defaultChecked={t.id === "web-design"} className="sr-only" />
              {t.label}
            </label>
          ))}
        </fieldset>

        <div data-panel="web-design" className="project-panel mt-10">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {caseStudies
              .filter((c) => c.featured)
              .map((c, i) => (
                <li key={c.slug}>
                  <ProjectCard study={c} headingLevel="h2" eager={i === 0} />
                </li>
              ))}
          </ul>
        </div>
        {(["branding", "apparel"] as const).map((id) => (
          <div key={id} data-panel={id} className="project-panel mt-10">
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <h2 className="text-2xl font-bold tracking-tight">Coming soon</h2>
              <p className="mx-auto mt-3 max-w-md text-slate-600">{comingSoon[id]}</p>
              <Link to="/contact" className={buttonClass("secondary", "md", "mt-6")}>
                Get in touch
              </Link>
            </div>
          </div>
        ))}
      </section>
    </>
  );
}
