/** /portfolio : tabs Web Design (default), Branding and Apparel (coming soon); 3 columns on large screens. */
import { useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router-dom";
import { PageIntro } from "../../components/marketing/page-intro";
import { ProjectCard } from "../../components/marketing/project-card";
import { buttonClass } from "../../components/ui/button";
import { caseStudies } from "../../content/case-studies";
import { site } from "../../content/site";
import { cn } from "../../lib/cn";
import type { RouteHandle } from "../../lib/page-meta";

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
  const [active, setActive] = useState<TabId>("web-design");
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.findIndex((t) => t.id === active);
    const next =
      e.key === "ArrowRight"
        ? (i + 1) % tabs.length
        : e.key === "ArrowLeft"
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setActive(tabs[next].id);
    refs.current[tabs[next].id]?.focus();
  };

  return (
    <>
      <PageIntro
        eyebrow="Portfolio"
        title="Our Work"
        lead="A selection of websites, brands and apparel we have designed and built for our clients."
      />
      <section aria-label="Projects" className="container-page py-16">
        <div
          role="tablist"
          aria-label="Project types"
          className="inline-flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-sm"
        >
          {tabs.map((t) => (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[t.id] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={active === t.id}
              aria-controls={`panel-${t.id}`}
              tabIndex={active === t.id ? 0 : -1}
              onClick={() => setActive(t.id)}
              onKeyDown={onKeyDown}
              className={cn(
                "rounded-lg px-4 py-2 text-sm font-semibold transition-colors",
                active === t.id ? "bg-brick-600 text-white" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {t.label}
            </button>
          ))}
        </div>

        <div role="tabpanel" id="panel-web-design" aria-labelledby="tab-web-design" hidden={active !== "web-design"} className="mt-10">
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
          <div key={id} role="tabpanel" id={`panel-${id}`} aria-labelledby={`tab-${id}`} hidden={active !== id} className="mt-10">
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
