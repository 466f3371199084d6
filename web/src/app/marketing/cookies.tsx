/** /cookies */
import { PageIntro } from "../../components/marketing/page-intro";
import type { RouteHandle } from "../../lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Cookie Policy",
    description: "The cookies used on the Redbrick Studio website and what they are for.",
  }),
};

export function Component() {
  return <PageIntro eyebrow="Legal" title="Cookie Policy" lead="Which cookies this website uses and why." />;
}
