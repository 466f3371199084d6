/** /terms */
import { LegalPageBody } from "@/components/marketing/legal-page";
import { terms } from "@/content/legal-text";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Terms & Conditions",
    description: "The terms and conditions of Redbrick Studio, a web design studio in Manchester, UK.",
  }),
};

export function Component() {
  return <LegalPageBody page={terms} />;
}
