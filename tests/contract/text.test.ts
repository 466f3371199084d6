/** The one text normaliser (contract/text.ts): a test for each of its rules, and that applying it twice changes nothing. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { hasVisibleText, normaliseText, optionalText, requiredText } from "../../contract/text";

const line = (s: string) => normaliseText(s);
const lines = (s: string) => normaliseText(s, { multiline: true });

describe("normaliseText", () => {
  it("composes to NFC, so one letter typed two ways is stored one way", () => {
    expect(line("Chloe\u0301")).toBe("Chloé");
    expect(line("Chloé")).toBe("Chloé");
  });

  it("keeps line breaks and tabs only in multi-line fields; CR, CRLF, U+2028 and U+2029 are line breaks", () => {
    expect(lines("one\r\ntwo\rthree\u2028four\u2029five\tsix")).toBe("one\ntwo\nthree\nfour\nfive\tsix");
    expect(line("Jane\nDoe\u2028Smith\tJr")).toBe("Jane Doe Smith Jr");
  });

  it("drops control characters, C0, DEL and C1 alike: a name of them is no name", () => {
    expect(line("\u0001\u0001")).toBe("");
    expect(lines("a\u0000b\u0007c\u007fd\u0085e\u009bf\u000bg\u000ch")).toBe("abcdefgh");
  });

  it("drops lone surrogates and keeps whole pairs", () => {
    expect(line("a\ud800b")).toBe("ab");
    expect(line("\udc00")).toBe("");
    expect(line("half \ud83d of an emoji, a whole one 😀")).toBe("half  of an emoji, a whole one 😀");
  });

  it("drops bidi embeddings, overrides, isolates and marks, and keeps right-to-left letters", () => {
    expect(line("\u202Egnp.exe\u202C")).toBe("gnp.exe");
    expect(line("a\u2066b\u2067c\u2068d\u2069e\u202Af\u202Bg\u202Dh")).toBe("abcdefgh");
    expect(line("\u200F\u200E\u061C")).toBe("");
    expect(line("שלום עולם")).toBe("שלום עולם");
    expect(line("مرحبا\u200F")).toBe("مرحبا");
  });

  it("drops zero-width spaces, word joiners, the BOM and soft hyphens", () => {
    expect(line("\u200B")).toBe("");
    expect(line("\uFEFFinvoice\u2060 no\u00ADtes\u200B")).toBe("invoice notes");
  });

  it("keeps a zero-width joiner or non-joiner between visible characters, and an emoji tag sequence", () => {
    const family = "👩\u200D👩\u200D👧\u200D👦";
    expect(line(family)).toBe(family);
    const persian = "می\u200Cخواهم";
    expect(line(persian)).toBe(persian);
    const england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}";
    expect(line(`Go ${england}!`)).toBe(`Go ${england}!`);
    // Alone, or at an edge, a joiner joins nothing.
    expect(line("\u200D")).toBe("");
    expect(line("\u200Ca b\u200D")).toBe("a b");
    // Tag characters outside a flag are dropped.
    expect(line("x\u{E0067}\u{E007F}")).toBe("x");
  });

  it("drops noncharacters", () => {
    expect(line("a\uFFFEb\uFFFFc\uFDD0d\u{1FFFF}")).toBe("abcd");
  });

  it("trims every kind of space at the ends, after dropping", () => {
    expect(line("\u00A0\u3000 \u200B Jo \u2003\u0001")).toBe("Jo");
    expect(lines("\n\n  first\n  second  \n\n")).toBe("first\n  second");
  });

  it("gives the same text when applied twice, whatever the input", () => {
    const hostile = fc.constantFrom(
      "\u0000",
      "\u0001",
      "\u007f",
      "\u0085",
      "\r",
      "\n",
      "\t",
      "\u2028",
      "\u2029",
      "\u00a0",
      " ",
      "\u3000",
      "\u200b",
      "\u200c",
      "\u200d",
      "\u200e",
      "\u200f",
      "\u202a",
      "\u202e",
      "\u2066",
      "\u2069",
      "\ufeff",
      "\u00ad",
      "\ud800",
      "\udc00",
      "\ufffe",
      "\u0301",
      "\ufe0f",
      "\u{e0067}",
      "\u{e007f}",
      "\u{1f3f4}",
      "😀",
      "👩",
      "é",
      "e",
      "م",
      "a",
    );
    const text = fc.array(fc.oneof(hostile, fc.string({ unit: "binary", maxLength: 3 })), { maxLength: 40 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.boolean(), (value, multiline) => {
        const once = normaliseText(value, { multiline });
        expect(normaliseText(once, { multiline })).toBe(once);
        expect(once).toBe(once.normalize("NFC"));
        expect(once).toBe(once.trim());
        expect(once).not.toMatch(/\p{Cs}/u);
        // eslint-disable-next-line no-control-regex -- looking for them is the point
        expect(once).not.toMatch(multiline ? /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/ : /[\u0000-\u001f\u007f-\u009f]/);
        expect(once).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b\u200e\u200f\ufeff\u2028\u2029]/);
      }),
      { numRuns: 1000 },
    );
    // A few seconds on a quiet machine; the shared CI machine may take several times that.
  }, 60_000);
});

describe("the schemas built on it", () => {
  const name = requiredText({ max: 10, min: 2, required: "Please enter your name" });

  it("checks the length after normalising, so invisible characters neither fill a minimum nor count to a maximum", () => {
    for (const value of ["", "  ", "\u0001\u0001", "\u200B\u200B\u200B", "a\u0001", "\u202E\u202E"])
      expect(name.safeParse(value).error?.issues[0].message, JSON.stringify(value)).toBe("Please enter your name");
    expect(name.parse("\u200BJo\u200B\u0001")).toBe("Jo");
    expect(name.parse(`${"\u0001".repeat(50)}Ten chars!`)).toBe("Ten chars!");
    expect(name.safeParse("Eleven char").success).toBe(false);
  });

  it("asks for something visible: combining marks or variation selectors alone are not a name", () => {
    expect(name.safeParse("\u0301\u0301").success).toBe(false);
    expect(name.safeParse("\uFE0F\uFE0F").success).toBe(false);
    expect(hasVisibleText("😀")).toBe(true);
    expect(hasVisibleText("–")).toBe(true);
  });

  it("stores an optional value with nothing visible as null, never as an empty string", () => {
    const notes = optionalText(100, { multiline: true });
    for (const value of ["", " \n\t ", "\u0001", "\u200B\u200D", "\uFE0F", null, undefined]) expect(notes.parse(value)).toBeNull();
    expect(notes.parse(" line one\r\nline two ")).toBe("line one\nline two");
  });
});
