/** /privacy */
import { LegalPageBody } from "@/components/marketing/legal-page";
import { privacy } from "@/content/legal-text";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Privacy Policy",
    description: "How Redbrick Studio, Manchester, handles your personal data under UK GDPR.",
  }),
};

export function Component() {
  return <LegalPageBody page={privacy} />;
}
