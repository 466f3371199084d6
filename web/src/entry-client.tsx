/**
 * Browser entry. Public pages arrive prerendered and are hydrated; the CRM shell arrives empty
 * and is rendered. Either way the matched pages' modules are loaded first, so the first client
 * render is the same tree the server rendered (nothing suspends, no second header).
 */
import { StrictMode, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App, preloadPages } from "./app/routes";
import "./styles.css";

// Zod otherwise probes `new Function` once to choose a faster parser; our CSP forbids eval and
// the browser reports the blocked probe as a policy violation even though zod catches it. This
// is the global behind `z.config({ jitless: true })`, set here so the home page doesn't pay for
// importing zod (public-forms e2e checks that no page reports a violation).
(globalThis as { __zod_globalConfig?: object }).__zod_globalConfig = { jitless: true };

/**
 * Marks <html data-hydrated> once React has committed its first render. Prerendered pages boot
 * after their first paint (worker/http/page-boot.ts), so there is a moment when the page is on
 * screen but not yet interactive: until this mark the boot script holds back native form
 * submissions, and the end-to-end tests wait for it before using the page.
 */
function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return children;
}

async function start() {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from the page");
  // If a chunk fails here the page retries it on render and, failing again, shows the error page.
  await preloadPages(window.location).catch((error: unknown) => console.error(error));
  const app = (
    <StrictMode>
      <BrowserRouter>
        <MarkHydrated>
          <App />
        </MarkHydrated>
      </BrowserRouter>
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
