/**
 * Every section of the CRM's sidebar comes with its first data in the shell (docs/decisions/0010):
 * a page left out of crmBootQueries asks for it only once its code has run, a request after the
 * page's scripts (Unfiled mail took 539 ms median to its content on the bench, the others ≤ 464).
 */
import { describe, expect, it } from "vitest";
import { crmBootQueries } from "../../contract/crm-boot";
import { crmSections } from "../../web/src/content/crm-sections";

describe("crmBootQueries", () => {
  const layout = crmBootQueries("/crm/no-such-page", new URLSearchParams());

  it("gives every page the layout's queries, and a page that is not a section nothing more", () => {
    expect(layout.map((q) => q.key[0])).toEqual(["tasks", "preview_feedback"]);
  });

  for (const { path } of crmSections)
    it(`inlines ${path}'s own first data beside the layout's`, () => {
      const queries = crmBootQueries(path, new URLSearchParams());
      expect(queries.slice(0, layout.length)).toEqual(layout);
      expect(queries.length, `${path} has no query of its own`).toBeGreaterThan(layout.length);
    });
});
