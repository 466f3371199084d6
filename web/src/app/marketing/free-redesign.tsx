/** /free-redesign : the free redesign request. */
import { Check } from "@/components/ui/icons";
import { PageIntro } from "@/components/marketing/page-intro";
import { Island } from "@/components/island";
import { RedesignForm } from "@/components/marketing/forms/redesign-form";
import { claims, site } from "@/content/site";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Get Your Free Redesign",
    description: `Request a free website redesign proposal from ${site.name}, ${site.city}. We reply within ${claims.replyWithin}.`,
  }),
};

const promises = [
  "A short review of what your current website does well and where it loses visitors",
  "A redesigned homepage concept showing how it could look and work",
  "A clear fixed price and timeline, with no obligation to go ahead",
];

export function Component() {
  return (
    <>
      <PageIntro
        eyebrow="Free redesign"
        title="Get Your Free Redesign"
        lead={`Tell us about your business and your current website. Within ${claims.replyWithin} we will send you a free redesign proposal.`}
      />
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="included-heading">
          <h2 id="included-heading" className="text-2xl font-bold tracking-tight">
            What you get
          </h2>
          <ul className="mt-6 space-y-4">
            {promises.map((p) => (
              <li key={p} className="flex gap-3 text-slate-700">
                <Check className="mt-0.5 size-5 shrink-0 text-brick-600" aria-hidden="true" />
                {p}
              </li>
            ))}
          </ul>
          <p className="mt-8 text-slate-600">
            We are a small {site.city} studio and only take on a few projects at a time: {claims.spotsBadge.toLowerCase()}.
          </p>
        </section>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <Island name="redesign-form">
            <RedesignForm />
          </Island>
        </div>
      </div>
    </>
  );
}
