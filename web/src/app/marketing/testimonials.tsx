/** /testimonials */
import { ContactCta } from "@/components/marketing/contact-cta";
import { PageIntro } from "@/components/marketing/page-intro";
import { TestimonialCard } from "@/components/marketing/testimonial-card";
import { claims, site } from "@/content/site";
import { testimonials } from "@/content/testimonials";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Client Testimonials",
    description: `What clients say about ${site.name}, the ${site.city} web design studio: websites, branding and SEO for small businesses.`,
  }),
};

export function Component() {
  return (
    <>
      <PageIntro
        eyebrow="Testimonials"
        title="Client Testimonials"
        lead={`${claims.trustedBy}. Here is what some of them say about working with us.`}
      />
      <section aria-labelledby="quotes-heading" className="container-page py-16">
        <h2 id="quotes-heading" className="text-3xl font-bold tracking-tight">
          Don't take our word for it
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {testimonials.map((t) => (
            <li key={t.name}>
              <TestimonialCard t={t} />
            </li>
          ))}
        </ul>
      </section>
      <ContactCta title="Want results like these?" />
    </>
  );
}
