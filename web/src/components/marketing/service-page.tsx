/** The shared body of the five service pages; each page module passes its service. */
import type { Service } from "../../content/services";
import type { PageMeta } from "../../lib/page-meta";
import { site } from "../../content/site";
import { buttonClass } from "../ui/button";
import { ContactCta } from "./contact-cta";
import { PageIntro } from "./page-intro";

export function ServicePage({ service }: { service: Service }) {
  return (
    <>
      <PageIntro eyebrow={service.name} title={service.heading} lead={service.summary}>
        <a href="#contact" className={buttonClass("primary", "lg")}>
          Get Started
        </a>
      </PageIntro>
      <ContactCta title={`Let's talk about your ${service.name.toLowerCase()} project`} />
    </>
  );
}

export const serviceMeta = (service: Service): PageMeta => ({
  title: service.heading,
  description: `${service.summary} ${site.name}, ${site.city}.`,
});
