/** /crm/calls : the calls visitors booked on the site (docs/decisions/0069-booking-calls.md), for Owner and Sales. */
import type { RouteHandle } from "@/lib/page-meta";
import { CallsList } from "@/features/bookings/components/calls-list";
import { CrmPage } from "./components/crm-page";

export const handle: RouteHandle = {
  meta: () => ({ title: "Calls – CRM", description: "Calls booked on the site.", noindex: true }),
};

export function Component() {
  return (
    <CrmPage title="Calls" description="Calls visitors booked on the site: get ready for the next ones, then say how each one went.">
      <section aria-labelledby="calls-upcoming" className="space-y-3">
        <h2 id="calls-upcoming" className="text-lg font-semibold">
          Upcoming
        </h2>
        <CallsList when="upcoming" />
      </section>
      <section aria-labelledby="calls-past" className="mt-8 space-y-3">
        <h2 id="calls-past" className="text-lg font-semibold">
          Past
        </h2>
        <CallsList when="past" />
      </section>
    </CrmPage>
  );
}
