/** /terms */
import { PageIntro } from "../../components/marketing/page-intro";
import type { RouteHandle } from "../../lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Terms & Conditions",
    description: "The terms and conditions of Redbrick Studio, a web design studio in Manchester, UK.",
  }),
};

export function Component() {
  return (
    <PageIntro
      eyebrow="Legal"
      title="Terms & Conditions"
      lead="The terms on which Redbrick Studio provides design, development and printing services."
    />
  );
}
