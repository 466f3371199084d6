/** The shared body of the five service pages; each page module passes its service. */
import { Gauge, Sparkles, Wrench } from "@/components/ui/icons";
import type { Service } from "@/content/services";
import { serviceFeatures } from "@/content/service-features";
import type { PageMeta } from "@/lib/page-meta";
import { site } from "@/content/site";
import { buttonClass } from "@/components/ui/button";
import { ContactCta } from "./contact-cta";
import { PageIntro } from "./page-intro";

const icons = [Sparkles, Gauge, Wrench];

export function ServicePage({ service }: { service: Service }) {
  return (
    <>
      <PageIntro eyebrow={service.name} title={service.heading} lead={service.summary}>
        <a href="#contact" className={buttonClass("primary", "lg")}>
          Get Started
        </a>
      </PageIntro>
      <section aria-labelledby="features-heading" className="container-page py-20">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
          What you get
        </h2>
        <ul className="mt-10 grid gap-4 md:grid-cols-3">
          {serviceFeatures[service.path].map((f, i) => {
            const Icon = icons[i % icons.length];
            return (
              <li key={f.title} data-reveal className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brick-50 text-brick-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
                <p className="mt-2 text-slate-600">{f.text}</p>
              </li>
            );
          })}
        </ul>
        <p className="mt-10 max-w-2xl text-slate-600">
          Based in {site.city}, we work with businesses across {site.region} and the rest of the UK, in person or over video call.
        </p>
      </section>
      <ContactCta title={`Let's talk about your ${service.name.toLowerCase()} project`} />
    </>
  );
}

export const serviceMeta = (service: Service): PageMeta => ({
  title: service.heading,
  description: `${service.summary} ${site.name}, ${site.city}.`,
});
