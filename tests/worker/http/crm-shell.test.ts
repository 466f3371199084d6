/**
 * The CRM shell preloads the chunks of the page it is served for (worker/http/crm-shell.ts): the
 * route a path matches is the one React Router would render, and the build's block never reaches
 * the browser.
 */
import { describe, expect, it } from "vitest";
import { crmPageChunksTag, pageChunksFor, routeScore, withPagePreloads, type CrmPageChunks } from "../../../worker/http/crm-shell";
import { request, signInAs } from "../support/helpers";

const pages: CrmPageChunks[] = [
  { path: "/crm", files: [] },
  { path: "/crm/leads", files: ["/assets/leads-A1.js", "/assets/lead-B2.js"] },
  { path: "/crm/clients", files: ["/assets/clients-C3.js"] },
  { path: "/crm/clients/:id", files: ["/assets/client-detail-D4.js"] },
  { path: "/crm/invoices/:id/print", files: ["/assets/invoice-print-E5.js"] },
  { path: "/crm/*", files: ["/assets/not-found-F6.js"] },
];
const shell = `<head>\n    <link rel="modulepreload" crossorigin href="/assets/crm-X.js" />\n    ${crmPageChunksTag(pages)}\n  </head>`;

describe("the CRM shell's page preloads", () => {
  it("picks the route React Router would: a literal segment over a :param over the splat", () => {
    expect(pageChunksFor(pages, "/crm")).toEqual([]);
    expect(pageChunksFor(pages, "/crm/")).toEqual([]);
    expect(pageChunksFor(pages, "/crm/leads")).toEqual(["/assets/leads-A1.js", "/assets/lead-B2.js"]);
    expect(pageChunksFor(pages, "/crm/Leads/")).toEqual(["/assets/leads-A1.js", "/assets/lead-B2.js"]);
    expect(pageChunksFor(pages, "/crm/clients")).toEqual(["/assets/clients-C3.js"]);
    expect(pageChunksFor(pages, "/crm/clients/abc-123")).toEqual(["/assets/client-detail-D4.js"]);
    expect(pageChunksFor(pages, "/crm/invoices/abc/print")).toEqual(["/assets/invoice-print-E5.js"]);
    expect(pageChunksFor(pages, "/crm/invoices/abc/other")).toEqual(["/assets/not-found-F6.js"]);
    expect(pageChunksFor(pages, "/crm/nowhere/at/all")).toEqual(["/assets/not-found-F6.js"]);
    expect(routeScore("/crm/leads", "/crm")).toBe(-1);
    expect(routeScore("/crm/clients/:id", "/crm/clients")).toBe(-1);
  });

  it("writes the page's chunks where the block was and drops the block", () => {
    const html = withPagePreloads(shell, "/crm/leads");
    expect(html).not.toContain("crm-page-chunks");
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/leads-A1.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/lead-B2.js" />');
    expect(html).not.toContain("clients-C3.js");
    expect(withPagePreloads(shell, "/crm")).not.toMatch(/crm-page-chunks|leads-A1/);
  });

  it("writes nothing that is not one of the build's script files, and survives a broken block", () => {
    const hostile = crmPageChunksTag([{ path: "/crm/leads", files: ['/assets/x.js" onload="alert(1)', "https://evil.example/x.js"] }]);
    expect(withPagePreloads(`<head>${hostile}</head>`, "/crm/leads")).toBe("<head></head>");
    const broken = `<head><script type="application/json" id="crm-page-chunks">[{</script></head>`;
    expect(withPagePreloads(broken, "/crm/leads")).toBe("<head></head>");
    expect(withPagePreloads("<head></head>", "/crm/leads")).toBe("<head></head>");
  });

  it("never sends the block to the browser", async () => {
    const owner = await signInAs("Owner");
    for (const path of ["/crm", "/crm/leads", "/crm/clients/x"]) {
      for (const cookie of [owner.cookie, undefined]) {
        const html = await (await request("GET", path, undefined, cookie)).text();
        expect(html).not.toContain("crm-page-chunks");
      }
    }
  });
});
