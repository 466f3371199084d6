/**
 * The root of every route: keeps <title> and the description in step with client navigation,
 * scrolls to the top (or to the #anchor) on a new page, and shows a bar while a chunk loads.
 * It renders nothing of its own on the server, so it cannot cause a hydration mismatch.
 */
import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { documentTitle, usePageMeta } from "@/lib/page-meta";
import { usePageLoading } from "./page-modules";

export function RootLayout() {
  const meta = usePageMeta();
  const { pathname, hash } = useLocation();
  const pageLoading = usePageLoading();

  const title = documentTitle(meta);
  const description = meta?.description;
  useEffect(() => {
    document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);

  // Not on the page the browser loaded: it is where the browser put it (the top, or where a reload
  // or a reader who scrolled before the script ran left it), and scrolling there anyway forced a
  // layout of the whole page in the middle of the first render (49 ms on Settings).
  const loadedPage = useRef(true);
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (!loadedPage.current) window.scrollTo({ top: 0, behavior: "instant" });
    loadedPage.current = false;
  }, [pathname, hash]);

  return (
    <>
      {pageLoading && (
        <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[100] h-0.5 animate-pulse bg-brick-600" />
      )}
      <Outlet />
    </>
  );
}
