/**
 * web/src/content is what the public site claims (docs/decisions/0045-external-links.md): no
 * placeholder address ships in it. A reserved example domain (RFC 2606) in a link is a dead button
 * for a visitor, so the source of every content module is read as text and searched, as a linter would.
 */
import { describe, expect, it } from "vitest";
import { caseStudies } from "../../web/src/content/case-studies";

const sources = import.meta.glob<string>("../../web/src/content/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });
/** example.com, .org and .net, and any subdomain of them. */
const PLACEHOLDER = /\b(?:[a-z0-9-]+\.)*example\.(?:com|org|net)\b/gi;
/** Hosts that are never a real site: those, the reserved top-level names and local ones. */
const NOT_A_SITE = /(?:^|\.)(?:example\.(?:com|org|net)|example|test|invalid|localhost|local)$/i;

describe("web/src/content", () => {
  it("is all read by this test", () => {
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(sources)).toContain("../../web/src/content/case-studies.ts");
  });

  it("holds no placeholder address such as example.com", () => {
    const found = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(PLACEHOLDER)].map((m) => `${file.replace("../../", "")}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it("gives a case study a live site only as a real https address", () => {
    for (const study of caseStudies.filter((c) => c.liveUrl !== undefined)) {
      const url = new URL(study.liveUrl!);
      expect(url.protocol, study.slug).toBe("https:");
      expect(url.hostname, study.slug).not.toMatch(NOT_A_SITE);
    }
    expect(caseStudies.find((c) => c.slug === "amco-real-estate")?.liveUrl).toBeUndefined();
  });
});
