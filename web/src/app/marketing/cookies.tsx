/** /cookies */
import { LegalPageBody } from "@/components/marketing/legal-page";
import { cookies } from "@/content/legal-text";
import type { RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = {
  meta: () => ({
    title: "Cookie Policy",
    description: "The cookies used on the Redbrick Studio website and what they are for.",
  }),
};

export function Component() {
  return <LegalPageBody page={cookies} />;
}
