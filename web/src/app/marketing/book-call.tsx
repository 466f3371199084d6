/**
 * /book/call/{token}: the visitor's booked call. This is the template the worker fills in for the
 * call the token names (worker/modules/bookings/book-pages-routes.ts): when, in both zones; how; Add to
 * calendar; and, until two hours before it, Cancel the call and Move the call to another free time.
 * It is never served as it is.
 */
import { PageIntro } from "@/components/marketing/page-intro";
import { buttonClass } from "@/components/ui/button";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({ title: "Your call is booked", description: "Your call with us is booked.", noindex: true }),
};

export function Component() {
  return (
    <>
      <PageIntro eyebrow="Book a call" title="Your call is booked" lead="The details of your call with us." />
      <div className="container-page py-16">
        <section
          aria-labelledby="call-heading"
          className="max-w-2xl space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="call-heading" className="text-2xl font-bold tracking-tight">
            When and how
          </h2>
          <p data-call-intro="" className="text-slate-700">
            We've e-mailed you an invitation for your calendar.
          </p>
          <p data-call-when="" className="text-lg font-semibold" />
          <p data-call-how="" className="text-slate-700" />
          <div className="flex flex-wrap gap-3">
            <a data-call-ics="" href="/book" className={buttonClass("secondary", "md")}>
              Add to calendar
            </a>
            <form data-call-cancel="" method="post" action="/book">
              <button type="submit" className={buttonClass("ghost", "md")}>
                Cancel the call
              </button>
            </form>
          </div>
        </section>
        <section
          data-call-move=""
          aria-labelledby="move-heading"
          className="mt-8 max-w-2xl space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="move-heading" className="text-2xl font-bold tracking-tight">
            Move the call
          </h2>
          <p data-move-note="" role="status" className="font-medium text-slate-800" />
          <form method="post" action="/book" aria-label="Move the call" className="space-y-6">
            <div data-move-times="" className="space-y-6" />
            <button type="submit" className={buttonClass("primary", "md")}>
              Move to this time
            </button>
          </form>
        </section>
      </div>
    </>
  );
}
