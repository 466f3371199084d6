/** /web-design */
import { ServicePage, serviceMeta } from "@/components/marketing/service-page";
import { serviceByPath } from "@/content/services";
import type { RouteHandle } from "@/lib/page-meta";

const service = serviceByPath("/web-design");

export const handle: RouteHandle = { meta: () => serviceMeta(service) };

export function Component() {
  return <ServicePage service={service} />;
}
