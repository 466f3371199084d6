/** /free-redesign */
import { PageIntro } from "../../components/marketing/page-intro";
import type { RouteHandle } from "../../lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Get Your Free Redesign",
    description: "Request a free website redesign proposal from Redbrick Studio, Manchester. We reply within 24 hours.",
  }),
};

export function Component() {
  return (
    <PageIntro
      eyebrow="Free redesign"
      title="Get Your Free Redesign"
      lead="Tell us about your business and your current website, and we will send you a free redesign proposal within 24 hours."
    />
  );
}
