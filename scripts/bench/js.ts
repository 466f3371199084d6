/** The JavaScript each page loads (gzip): every public page in the sitemap, and /crm signed in. */
import { measureJs, type PageJs } from "./browser";
import { LIGHTHOUSE_PAGES } from "./lighthouse";
import { goal, type BenchSection, type Row } from "./section";
import { sitemapPaths } from "./server";
import { kb } from "./stats";

export const jsSection: BenchSection = {
  name: "js",
  sharedBrowser: true,
  async run({ server, cookie, browser, progress }) {
    const session = await cookie();
    const paths = [...new Set([...sitemapPaths(), ...LIGHTHOUSE_PAGES])];
    progress(`JavaScript on load: ${paths.length} public pages and /crm…`);
    const js = await measureJs(await browser(), server().base, paths, session, progress);
    const rows: Row[] = [];
    const problems: string[] = [];
    const row = (p: PageJs) => `${kb(p.gzipBytes)} in ${p.files} files`;
    // The case studies share one template: one row for the rest of them keeps the table readable (results.json has each).
    const isOtherCaseStudy = (p: PageJs) => p.path.startsWith("/portfolio/") && !LIGHTHOUSE_PAGES.includes(p.path);
    for (const p of js.pages.filter((p) => !isOtherCaseStudy(p))) {
      rows.push({
        section: "JS on load (gzip)",
        measure: p.path,
        result: row(p),
        goal: p.path === "/" ? goal(p.gzipBytes <= 40 * 1024, "≤ 40 KB") : goal(p.gzipBytes <= 60 * 1024, "≤ 60 KB"),
      });
    }
    const others = js.pages.filter(isOtherCaseStudy);
    if (others.length) {
      const sizes = others.map((p) => p.gzipBytes);
      const files = others.map((p) => p.files);
      const span = (xs: number[], f: (n: number) => string) =>
        Math.min(...xs) === Math.max(...xs) ? f(xs[0]) : `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;
      rows.push({
        section: "JS on load (gzip)",
        measure: `the other ${others.length} case studies`,
        result: `${span(sizes, kb)} in ${span(files, String)} files`,
        goal: goal(Math.max(...sizes) <= 60 * 1024, "≤ 60 KB"),
      });
    }
    rows.push({
      section: "JS on load (gzip)",
      measure: "/crm (signed in)",
      result: row(js.crm),
      goal: goal(js.crm.gzipBytes <= 150 * 1024 && js.crm.files <= 15, "≤ 150 KB in ≤ 15 files"),
    });
    const leaks = js.pages.filter((p) => p.crmFiles.length);
    rows.push({
      section: "JS on load (gzip)",
      measure: "Public pages requesting a CRM chunk",
      result: leaks.length ? leaks.map((p) => `${p.path} (${p.crmFiles.join(", ")})`).join("; ") : "none",
      goal: goal(!leaks.length, "none"),
    });
    if (leaks.length) problems.push(`public pages load CRM chunks: ${leaks.map((p) => p.path).join(", ")}`);
    return { rows, results: { js }, problems };
  },
};
