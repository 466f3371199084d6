/** /crm/calls : the calls visitors booked on the site (docs/decisions/0069-booking-calls.md), for Owner and Sales. */
import type { RouteHandle } from "@/lib/page-meta";
import { CallsList } from "@/features/bookings/components/calls-list";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Calls – CRM", description: "Calls booked on the site.", noindex: true }),
};

const sections = [
  { when: "upcoming", heading: "Upcoming" },
  { when: "past", heading: "Past" },
] as const;

export function Component() {
  return (
    <CrmPage title="Calls" description="Calls visitors booked on the site: get ready for the next ones, then say how each one went.">
      {sections.map(({ when, heading }) => (
        <section key={when} aria-labelledby={`calls-${when}`} className="mt-8 space-y-3 first:mt-0">
          <h2 id={`calls-${when}`} className="text-lg font-semibold">
            {heading}
          </h2>
          <CallsList when={when} />
        </section>
      ))}
    </CrmPage>
  );
}
