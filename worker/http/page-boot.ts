/**
 * The one inline script of prerendered pages. A prerendered page is complete without scripts,
 * so it starts downloading its scripts only once the browser reports the page's first
 * contentful paint: they then never compete with the page's own bytes for that paint (on a slow
 * connection the document and a script bundle otherwise share the bandwidth), and that paint is
 * exactly the HTML's. A tab that is hidden, or a browser without paint timing, starts at once; a
 * paint that never comes is given up on after two seconds.
 * A public page loads no stylesheet at all: its inline CSS also covers every class its islands
 * can write (scripts/lib/critical-css.ts), so no recalculation of the whole page's style follows
 * the first paint. Staff pages (/auth) are the single-page app: they load the full stylesheet
 * and run the app only once it applies, since the app can show any page.
 *
 * It reads what to load from `<script type="application/json" id="page-boot">`, which the build
 * writes per page, so its own text never changes and the CSP allows it by hash alone. It is
 * written compactly because every page carries it: the home page must fit in the first round
 * trip of a new connection (about 14 KB with headers).
 */
export const PAGE_BOOT_SCRIPT = [
  "(function(){",
  'var b=JSON.parse(document.getElementById("page-boot").textContent),d=document,go=0;',
  // The footer's year on a page React does not hydrate: built in some year, read in another.
  'b.year&&d.querySelectorAll("[data-current-year]").forEach(function(e){e.textContent=new Date().getFullYear()});',
  "function add(t,p){var e=d.createElement(t);for(var k in p)e[k]=p[k];d.head.appendChild(e)}",
  'function run(){b.entry?add("script",{type:"module",src:b.entry,crossOrigin:""}):d.documentElement.setAttribute("data-hydrated","")}',
  // Before React has hydrated, a form posts natively and the worker answers it (worker/http/
  // native-form.ts). A form with no method (accepting an invitation, whose token is in the URL's
  // fragment where no server sees it) would instead GET what was typed, a password, into the
  // address bar and the server's logs, so that one waits for React. The attribute, not form.method:
  // a form with a field named "method" (the booking form's video or phone) hides that property.
  'd.addEventListener("submit",function(e){d.documentElement.hasAttribute("data-hydrated")||/^post$/i.test(e.target.getAttribute("method"))||e.preventDefault()},!0);',
  // A page with nothing interactive has no entry and needs nothing more: its inline CSS covers
  // everything its HTML can show (open menus included), so it is ready as it stands.
  "function start(){if(go++)return;if(!b.entry)return run();",
  'b.modules.concat(b.entry).forEach(function(h){add("link",{rel:"modulepreload",href:h,crossOrigin:""})});',
  'b.css?add("link",{rel:"stylesheet",href:b.css,onload:run,onerror:run}):run()}',
  "var P=window.PerformanceObserver;",
  'if(d.visibilityState=="hidden"||!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return start();',
  'new P(function(l){l.getEntriesByName("first-contentful-paint").length&&start()}).observe({type:"paint",buffered:true});',
  'd.addEventListener("visibilitychange",start);setTimeout(start,2e3)',
  "})();",
].join("");

/** CSP source for PAGE_BOOT_SCRIPT; the build refuses to run if it no longer matches. */
export const PAGE_BOOT_SCRIPT_HASH = "'sha256-krbvWjz8opqxbnPsOO3BCik4D36QNhA72c0JEZrKQ4E='";

/** What PAGE_BOOT_SCRIPT reads. */
export interface PageBoot {
  /** The full stylesheet, for the single-page app (/auth); null on a public page, whose inline CSS is all it uses. */
  css: string | null;
  /** Module chunks the entry and the page need, fetched in parallel with the entry. */
  modules: string[];
  /** The entry module, run once `css` has loaded: the app's, the islands', or none for a page with nothing interactive. */
  entry: string | null;
  /** Write today's year into the footer: the page's own HTML stays as built (React does it on pages it hydrates whole). */
  year?: true;
}
