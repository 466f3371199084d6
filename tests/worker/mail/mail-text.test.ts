/**
 * The text an inbound e-mail leaves on a timeline (worker/modules/mail/text.ts): HTML read as a person would
 * read it, quoted history and signatures trimmed, and never more than 100 KB.
 */
import { describe, expect, it } from "vitest";
import { normaliseText } from "../../../contract/text";
import { capText, htmlToText, MAX_TEXT_BYTES, TRUNCATED_MARKER, trimReply } from "../../../worker/modules/mail";

const bytes = (s: string) => new TextEncoder().encode(s).length;
const isNormal = (s: string) => normaliseText(s, { multiline: true }) === s;

describe("HTML as text", () => {
  it("keeps paragraphs, line breaks, lists and quotes", () => {
    const html = `<p>Hi Jo,</p><p>Line one<br>Line two</p>
      <ul><li>Bread</li><li>Cakes<ol><li>Lemon</li><li>Carrot</li></ol></li></ul>
      <blockquote><p>Quoted</p><p>Twice</p></blockquote><h2>Next</h2><div>A</div><div>B</div>`;
    expect(htmlToText(html)).toBe(
      "Hi Jo,\n\nLine one\nLine two\n\n- Bread\n- Cakes\n  1. Lemon\n  2. Carrot\n\n> Quoted\n>\n> Twice\n\nNext\n\nA\nB",
    );
  });

  it("writes a link as its text and target, unless the text already says it", () => {
    expect(htmlToText(`<a href="https://example.org/a">the brief</a>`)).toBe("the brief (https://example.org/a)");
    expect(htmlToText(`<a href="https://example.org/">https://example.org</a>`)).toBe("https://example.org");
    expect(htmlToText(`<a href="mailto:jo@carterbakes.co.uk">jo@carterbakes.co.uk</a>`)).toBe("jo@carterbakes.co.uk");
    expect(htmlToText(`<a href="mailto:jo@carterbakes.co.uk">Jo</a>`)).toBe("Jo (jo@carterbakes.co.uk)");
    expect(htmlToText(`<a href="javascript:alert(1)">click</a> <a href="#top">top</a>`)).toBe("click top");
    // A tracking redirect is no address a reader would use.
    expect(htmlToText(`<a href="https://t.example/${"x".repeat(400)}">Book now</a>`)).toBe("Book now");
  });

  it("leaves out scripts, styles, the head and hidden text, and decodes entities", () => {
    const html = `<html><head><title>T</title><style>p{color:red}</style></head><body>
      <script>alert("x")</script><span style="display: none">preheader</span><div hidden>gone</div>
      <p>Caf&eacute; &amp; bakery &pound;5 &#8212; &#x1F382; &nbsp;ok&lt;3</p><!-- a comment --></body></html>`;
    expect(htmlToText(html)).toBe("Café & bakery £5 — 🎂 ok<3");
  });

  it("keeps preformatted text as written and draws a rule as Outlook's underscores", () => {
    expect(htmlToText("<pre>a  b\n  c</pre><hr><p>after</p>")).toBe(`a  b\n  c\n\n${"_".repeat(32)}\n\nafter`);
  });

  it("survives broken and hostile markup", () => {
    const cases = [
      "<p>unclosed <b>bold <i>italic",
      "</div></p></li>stray closers",
      "<" + "a ".repeat(5000),
      "<!--".repeat(2000) + "text",
      "<div>".repeat(20000) + "deep" + "</div>".repeat(20000),
      "<a href=x>".repeat(3000) + "links",
      "<script>never closed",
      "<table><tr><td>a<td>b<tr><td>c</table>",
    ];
    for (const html of cases) {
      const text = htmlToText(html);
      expect(isNormal(text)).toBe(true);
      expect(text).not.toMatch(/<(script|div|p)\b/);
    }
    expect(htmlToText("<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>")).toBe("a b\nc");
  });

  it("reads a megabyte of HTML in linear time", () => {
    const html = "<p>Paragraph with <b>bold</b> &amp; <a href='https://example.org'>a link</a>.</p>".repeat(12_000);
    const start = performance.now();
    const text = htmlToText(html);
    console.log(`htmlToText: ${(html.length / 1e6).toFixed(1)} MB of HTML in ${Math.round(performance.now() - start)} ms`);
    expect(text.startsWith("Paragraph with bold & a link (https://example.org).")).toBe(true);
  });
});

describe("quoted history and signatures", () => {
  it("cuts an 'On … wrote:' block, even one wrapped onto two lines", () => {
    expect(trimReply("Yes, Thursday.\n\nOn Mon, 30 Nov 2026 at 09:12, Sophie <sophie@x.co.uk> wrote:\n> Can we meet?\n>\n> S")).toBe(
      "Yes, Thursday.",
    );
    expect(trimReply("Yes.\n\nOn Mon, 30 Nov 2026 at 09:12, Sophie Turner <\nsophie@sophieturneryoga.co.uk> wrote:\n\n> Can we?")).toBe(
      "Yes.",
    );
    expect(trimReply("Oui.\n\nLe lun. 30 nov. 2026 à 09:12, Sophie <s@x.fr> a écrit :\n> Bonjour")).toBe("Oui.");
  });

  it("keeps answers written between the quoted lines", () => {
    const text = "See below.\n\nOn Mon, 30 Nov 2026, Jo wrote:\n> Can you do Tuesday?\nYes, 10am.\n> And the photos?\nFriday.";
    expect(trimReply(text)).toBe("See below.\n\nYes, 10am.\nFriday.");
  });

  it("cuts Outlook's history block in a reply", () => {
    const text =
      "Fine by me.\n\nMarcus\n\n________________________________\nFrom: Jo Carter <jo@carterbakes.co.uk>\nSent: Tuesday, December 1, 2026 2:30 PM\nTo: Marcus\nSubject: Slots\n\nOld text";
    expect(trimReply(text)).toBe("Fine by me.\n\nMarcus");
    const old =
      "Fine.\n\n-----Original Message-----\nFrom: Jo [mailto:jo@carterbakes.co.uk]\nSent: 01 December 2026 14:30\nTo: Marcus\nSubject: Slots\n\nOld";
    expect(trimReply(old)).toBe("Fine.");
    const bare = "Fine.\n\nFrom: Jo Carter <jo@carterbakes.co.uk>\nSent: 01 December 2026 14:30\nTo: Marcus Reid\nSubject: Slots\n\nOld";
    expect(trimReply(bare)).toBe("Fine.");
  });

  it("cuts a '-- ' signature and a 'Sent from my iPhone' line", () => {
    expect(trimReply("Thanks!\n\n-- \nHannah Whitaker\nRedbrick Studio")).toBe("Thanks!");
    expect(trimReply("Thanks!\n\nSent from my iPhone")).toBe("Thanks!");
    expect(trimReply("Thanks!\n\nGet Outlook for iOS<https://aka.ms/o0ukef>")).toBe("Thanks!");
    // A "--" with a long text after it is a divider, not a signature.
    const long = `Intro\n--\n${Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n")}`;
    expect(trimReply(long)).toBe(long);
    // "Sent from my iPhone" in the middle of what someone wrote is what they wrote.
    expect(trimReply("I sent from my iPhone earlier.\n\nMore text\nand more\nand more")).toContain("sent from my iPhone");
  });

  it("stays fast on thousands of quote headers", () => {
    const text = Array.from({ length: 30_000 }, (_, i) => (i % 2 ? "> quoted" : "On Mon, Jo wrote:")).join("\n") + "\nanswer";
    const start = performance.now();
    trimReply(text);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe("the 100 KB cap", () => {
  it("keeps short text whole", () => {
    expect(capText("Hello")).toEqual({ text: "Hello", truncated: false });
  });

  it("cuts long text with a marker, within 100 KB, never splitting a surrogate pair", () => {
    for (const unit of ["a", "é", "€", "😀", "👩‍👩‍👧", "a😀"]) {
      const { text, truncated } = capText(unit.repeat(Math.ceil((MAX_TEXT_BYTES * 1.5) / bytes(unit))));
      expect(truncated).toBe(true);
      expect(text.endsWith(TRUNCATED_MARKER)).toBe(true);
      expect(bytes(text)).toBeLessThanOrEqual(MAX_TEXT_BYTES);
      expect(bytes(text)).toBeGreaterThan(MAX_TEXT_BYTES - 1100);
      expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect(isNormal(text)).toBe(true);
    }
  });

  it("prefers to cut at the end of a line", () => {
    const { text } = capText("word ".repeat(30_000));
    expect(text).toMatch(/word\n\n\[Cut here/);
  });
});
