/**
 * Shown when a page throws or its chunk fails to load (typically a tab left open across a
 * deploy, whose old chunk names are gone): reloading fetches the current build.
 */
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { buttonClass } from "../components/ui/button";

export function RouteError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 max-w-md text-slate-600">The page could not be shown. Reloading usually fixes this.</p>
      <div className="mt-8 flex gap-3">
        <button type="button" className={buttonClass("primary", "lg")} onClick={() => window.location.reload()}>
          Reload page
        </button>
        <a href="/" className={buttonClass("secondary", "lg")}>
          Return to Home
        </a>
      </div>
    </main>
  );
}
