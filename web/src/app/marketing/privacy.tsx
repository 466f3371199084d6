/** /privacy */
import { PageIntro } from "../../components/marketing/page-intro";
import type { RouteHandle } from "../../lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Privacy Policy",
    description: "How Redbrick Studio, Manchester, handles your personal data under UK GDPR.",
  }),
};

export function Component() {
  return (
    <PageIntro eyebrow="Legal" title="Privacy Policy" lead="How Redbrick Studio collects, uses and protects your personal information." />
  );
}
