/** /crm/anything-else: a not-found screen that keeps the CRM around it. */
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";
import { notFoundMeta, type RouteHandle } from "@/lib/page-meta";

export const handle: RouteHandle = { meta: () => notFoundMeta };

export function Component() {
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <h1 className="text-3xl font-bold">Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for might have been moved or deleted.</p>
      <Link to="/crm" className={buttonClass("primary", "md", "mt-6")}>
        Back to Pipeline
      </Link>
    </div>
  );
}
