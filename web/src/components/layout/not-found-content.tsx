/**
 * The not-found page's content. The `*` route and unknown /portfolio/{slug} or /clients/{id}
 * render exactly this, so the one prerendered 404.html hydrates without a mismatch anywhere.
 */
import { Link } from "react-router-dom";
import { buttonClass } from "@/components/ui/button";

export function NotFoundContent() {
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="text-sm font-semibold tracking-widest text-brick-600 uppercase">404</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">Page Not Found</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">Sorry, the page you are looking for might have been moved or deleted.</p>
      <Link to="/" className={buttonClass("primary", "lg", "mt-8")}>
        Return to Home
      </Link>
    </section>
  );
}
