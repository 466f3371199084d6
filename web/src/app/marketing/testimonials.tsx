/** /testimonials */
import { PageIntro } from "../../components/marketing/page-intro";
import type { RouteHandle } from "../../lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Client Testimonials",
    description:
      "What clients say about Redbrick Studio, the Manchester web design studio: websites, branding and SEO for small businesses.",
  }),
};

export function Component() {
  return (
    <PageIntro
      eyebrow="Testimonials"
      title="Client Testimonials"
      lead="Don't take our word for it: here is what Manchester business owners say about working with us."
    />
  );
}
