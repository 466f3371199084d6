/** /client-previews : the eight private preview cards. */
import { Link } from "react-router-dom";
import { Lock } from "@/components/ui/icons";
import { PageIntro } from "@/components/marketing/page-intro";
import { buttonClass } from "@/components/ui/button";
import { clientPreviews } from "@/content/client-previews";
import { site } from "@/content/site";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Client Previews",
    description: `Private previews of websites ${site.name} is building. Clients sign in with their access code.`,
  }),
};

export function Component() {
  return (
    <>
      <PageIntro
        eyebrow="For our clients"
        title="Client Previews"
        lead="Follow your project as we build it. Open your preview and enter the access code we sent you."
      />
      <section aria-label="Previews" className="container-page py-16">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {clientPreviews.map((c) => (
            <li key={c.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Lock className="size-5 text-brick-600" aria-hidden="true" />
              <h2 className="mt-4 text-lg font-semibold">{c.name}</h2>
              <p className="mt-1 flex-1 text-sm text-slate-600">{c.projectTitle}</p>
              <Link to={`/clients/${c.id}`} className={buttonClass("secondary", "sm", "mt-6")} aria-label={`View Preview for ${c.name}`}>
                View Preview
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
