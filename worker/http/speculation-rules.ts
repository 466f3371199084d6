/**
 * Public pages are separate documents (docs/decisions/0012-public-islands.md), so a click on a
 * link loads a page. Speculation rules have the browser prerender a public page once the pointer
 * rests on its link (or a finger goes down on it), so that load is usually instant. Staff pages,
 * the CRM, the API and the client previews (private, and counted as viewed) are left out.
 * The text is fixed, so the CSP allows it by its hash, like the boot script.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: ["/crm", "/crm/*", "/api/*", "/auth", "/auth/*", "/clients/*", "/cdn-cgi/*"] } },
          { not: { selector_matches: "[rel~=nofollow], [target=_blank]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

/** CSP source for SPECULATION_RULES; the build refuses to run if it no longer matches. */
export const SPECULATION_RULES_HASH = "'sha256-uSVhK2hywJQA08C8U4sJMoFTNM9jnUDw+d+jn5JD6MM='";
