/**
 * Paths the assets layer had no file for. CRM and staff routes get the app shell (the SPA
 * routes them); anything else is a real 404 with the prerendered not-found page.
 */
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { crmBoot, crmBootTag, type ApiFetcher, type StaffGate } from "./crm-boot";
import { withPagePreloads } from "./crm-shell";
import { assetPage, fetchAsset, NOT_FOUND_PAGE } from "./assets";
import { logLine } from "../platform/log";

/** Client-routed staff screens; every public page is a prerendered file instead. */
const SHELL_PATHS = [/^\/crm(\/.*)?$/];

export const APP_SHELL = "/crm";

/**
 * The pages fallback. `api` answers the CRM shell's inline data requests in-process (the app
 * cannot import itself here without a cycle, so app.ts hands it over), and `staff` says who is
 * signed in (http/ knows no module: app.ts hands that over too).
 */
export const pagesRoute = (api: ApiFetcher, staff: StaffGate) =>
  new Hono<AppEnv>().all("*", async (c) => {
    const path = c.req.path;
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return c.text("Method Not Allowed", 405);
    // A preview link without its client id goes to the list of previews (docs/spec.md §2).
    if (path === "/clients" || path === "/clients/") return c.redirect("/client-previews", 302);
    if (path !== NOT_FOUND_PAGE && SHELL_PATHS.some((re) => re.test(path))) {
      const [shell, boot] = await Promise.all([fetchAsset(c, APP_SHELL), crmBoot(c, api, staff)]);
      if (!shell.ok) return assetPage(c, APP_SHELL, 200);
      // The page's own chunks start with the entry's, not once it has run (worker/http/crm-shell.ts).
      const html = withPagePreloads(await shell.text(), path).replace("</head>", () => `  ${crmBootTag(boot)}\n  </head>`);
      // Per user and live: never stored by the browser or anything between (the session cookie
      // renewal, if any, rides on c's own headers).
      return c.body(html, 200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" });
    }
    // A mistyped client link (/p/<token>/x) would put its token in the log: logLine takes it out.
    logLine("warn", { what: "404", path, requestId: c.get("requestId") });
    return assetPage(c, NOT_FOUND_PAGE, 404);
  });
