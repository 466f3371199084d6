/** Every unknown public path (and the prerendered dist/404.html the worker answers with). */
import { NotFoundContent } from "@/components/layout/not-found-content";
import { notFoundMeta, type RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = { meta: () => notFoundMeta };

export const Component = NotFoundContent;
