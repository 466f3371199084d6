/** Header, main and footer around every public page. */
import { Outlet } from "react-router-dom";
import { SiteHeader } from "@/components/layout/site-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { usePageMeta } from "@/lib/page-meta";
import { useFlash } from "@/lib/flash";
import { LazyToaster, usePublicToast } from "@/lib/lazy-toast";

export function PublicLayout() {
  return (
    <LazyToaster>
      <PublicPage />
    </LazyToaster>
  );
}

function PublicPage() {
  const notFound = usePageMeta()?.notFound ?? false;
  useFlash(usePublicToast());

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brick-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader notFound={notFound} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
