/** web/src/content/links.ts: mailto: links whose subject can never add a recipient or a header. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { mailtoWithSubject, STUDIO_EMAIL } from "../../web/src/content/links";
import { mailtoLink } from "../../contract/mailto";

/** The text with each lone surrogate as U+FFFD (String.prototype.toWellFormed, ES2024). */
const wellFormed = (s: string) => Array.from(s, (ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? "\uFFFD" : ch)).join("");

/** Any text, weighted towards what a URL or a mail header would read as syntax, and lone surrogates. */
const awkward = fc.string({
  unit: fc.oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.constantFrom("&", "=", "?", "#", "%", "+", "@", "\r\n", "\u2028", "\uD800", "\uDFFF"),
  ),
  maxLength: 60,
});

/** What a mail program reads from the link: the address and every header field, decoded. */
function read(link: string) {
  const url = new URL(link);
  expect(url.protocol).toBe("mailto:");
  return { to: decodeURIComponent(url.pathname), fields: [...url.searchParams.entries()] };
}

describe("a mailto: link", () => {
  it("keeps a client named like a header as one subject: no Bcc, no second recipient", () => {
    const link = mailtoWithSubject("A&bcc=x@evil.tld - Get Website");
    expect(read(link)).toEqual({ to: STUDIO_EMAIL, fields: [["subject", "A&bcc=x@evil.tld - Get Website"]] });
    expect(link).not.toMatch(/[&?]bcc=/i);
  });

  it("carries any subject whole, whatever it holds (?, #, %, line breaks, emoji, lone surrogates)", () => {
    fc.assert(
      fc.property(awkward, (subject) => {
        const { to, fields } = read(mailtoWithSubject(subject));
        expect(to).toBe(STUDIO_EMAIL);
        expect(fields).toEqual([["subject", wellFormed(subject)]]);
      }),
      { numRuns: 200 },
    );
  });

  it("encodes the address too, and each field apart", () => {
    const { to, fields } = read(mailtoLink("o'neil?x@example.co.uk", { subject: "Hi & bye", body: "Line one\r\nLine two" }));
    expect(to).toBe("o'neil?x@example.co.uk");
    expect(fields).toEqual([
      ["subject", "Hi & bye"],
      ["body", "Line one\r\nLine two"],
    ]);
  });
});
