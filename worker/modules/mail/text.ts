/**
 * The text of an inbound e-mail as the timeline keeps it: HTML turned into readable plain text,
 * quoted history and signatures trimmed where recognisable, and at most MAX_TEXT_BYTES kept. Every
 * function returns text that contract/text.ts `normaliseText(x, { multiline: true })` leaves as it is.
 */
import { Parser } from "htmlparser2";
import { normaliseText } from "../../../contract/text";

/** The most text one filed message keeps, counted in UTF-8 bytes (what D1 stores). */
export const MAX_TEXT_BYTES = 100 * 1024;
/**
 * The most of a body (in UTF-16 units) the trimming and conversion look at. A 25 MiB message can
 * carry a 25 MiB body, but only 100 KB of it is kept, so reading further only costs CPU time.
 */
export const MAX_WORK_CHARS = 1024 * 1024;

export const TRUNCATED_MARKER = "[Cut here: the message was longer than 100 KB.]";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A line without its trailing spaces; by hand, as /[ \t]+$/ backtracks badly over a long run of spaces mid-line. */
function trimLineEnd(line: string): string {
  let end = line.length;
  while (end > 0) {
    const c = line.charCodeAt(end - 1);
    if (c !== 0x20 && c !== 0x09 && c !== 0xa0) break;
    end--;
  }
  return end === line.length ? line : line.slice(0, end);
}

/** Multi-line normalising, then the tidying a mail body needs: no trailing spaces, at most one blank line in a row. */
export function tidyText(text: string): string {
  const normal = normaliseText(text.length > MAX_WORK_CHARS ? text.slice(0, MAX_WORK_CHARS) : text, { multiline: true });
  const tidy = normal
    .split("\n")
    .map(trimLineEnd)
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  // Removing spaces can leave text that normalises differently (a joiner now beside a line end):
  // one more pass makes the promise in the header hold whatever came in.
  return normaliseText(tidy, { multiline: true });
}

/** Text cut to MAX_TEXT_BYTES with a closing line saying so; never splits a character. */
export function capText(text: string, maxBytes = MAX_TEXT_BYTES): { text: string; truncated: boolean } {
  const bytes = encoder.encode(text);
  if (bytes.length <= maxBytes) return { text, truncated: false };
  const budget = maxBytes - encoder.encode(`\n\n${TRUNCATED_MARKER}`).length;
  let end = Math.max(0, budget);
  // Back up to the first byte of a UTF-8 sequence: a whole character (and so never half a surrogate pair).
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) end--;
  let head = decoder.decode(bytes.subarray(0, end));
  // A cut at a line or word end reads better, when one is close.
  const soft = Math.max(head.lastIndexOf("\n"), head.lastIndexOf(" "));
  if (soft > head.length - 1024 && soft > 0) head = head.slice(0, soft);
  head = normaliseText(head, { multiline: true });
  while (encoder.encode(head).length > budget) head = normaliseText(head.slice(0, -1), { multiline: true });
  const cut = head ? `${head}\n\n${TRUNCATED_MARKER}` : TRUNCATED_MARKER;
  return { text: normaliseText(cut, { multiline: true }), truncated: true };
}

// ---------------------------------------------------------------------------------------------
// HTML to text

/** Elements whose content is never text a reader sees in a mail client. */
const SKIPPED = new Set(["script", "style", "head", "title", "template", "svg", "math", "object", "iframe", "video", "audio", "select"]);
/** Block elements, and the blank lines around them: 2 for a paragraph's gap, 1 for a line of its own. */
const BLOCKS = new Map<string, number>([
  ...["p", "h1", "h2", "h3", "h4", "h5", "h6", "table", "blockquote", "pre", "dl", "figure", "address"].map((t) => [t, 2] as const),
  ...["div", "li", "tr", "section", "article", "header", "footer", "main", "nav", "aside", "center", "dt", "dd", "form"].map(
    (t) => [t, 1] as const,
  ),
  ...["fieldset", "details", "summary", "caption", "ul", "ol", "hr", "figcaption", "legend"].map((t) => [t, 1] as const),
]);
const VOID = new Set(["br", "hr", "img", "input", "meta", "link", "wbr", "area", "base", "col", "embed", "source", "track", "param"]);
/** Outlook writes its reply and forward separator as this line in its plain-text part: the HTML's <hr> becomes the same. */
const RULE = "_".repeat(32);
/** Nesting deeper than this is drawn no deeper: a prefix per level on every line would grow with the square of the input. */
const MAX_DRAWN_DEPTH = 8;
/** Link targets longer than this are tracking redirects, not something a reader would type. */
const MAX_LINK_CHARS = 300;

interface Open {
  name: string;
  skip: boolean;
  href?: string;
  linkStart?: number;
  pre?: boolean;
  list?: { ordered: boolean; n: number };
  quote?: boolean;
}

/** Builds the text: pending line breaks are written lazily, so nested blocks don't pile up blank lines. */
class TextWriter {
  private parts: string[] = [];
  private started = false;
  private newlines = 0;
  private want = 0;
  private space = false;
  private bullet = "";
  private lastQuote = 0;
  quote = 0;

  get size() {
    return this.parts.length;
  }

  since(index: number) {
    return this.parts.slice(index).join("");
  }

  block(n: number) {
    if (this.started) this.want = Math.max(this.want, n);
    this.space = false;
  }

  lineBreak() {
    if (!this.started) return;
    this.flushLines();
    this.parts.push("\n");
    this.newlines++;
    this.space = false;
  }

  setBullet(bullet: string) {
    this.bullet = bullet;
  }

  text(raw: string, pre: boolean) {
    if (pre) {
      const lines = raw.replace(/\r\n?/g, "\n").split("\n");
      lines.forEach((line, i) => {
        if (i > 0) this.lineBreak();
        if (line) this.write(line.replace(/\u00a0/g, " "));
      });
      return;
    }
    const collapsed = raw.replace(/[ \t\n\r\f\u00a0]+/g, " ");
    if (collapsed === " " || collapsed === "") {
      if (collapsed && this.started && this.newlines === 0) this.space = true;
      return;
    }
    if (collapsed.startsWith(" ") && this.started && this.newlines === 0) this.space = true;
    const trimmed = collapsed.trim();
    this.write(trimmed);
    if (collapsed.endsWith(" ")) this.space = true;
  }

  /** Text appended to what is there (a link's target), with a space before it. */
  append(text: string) {
    this.space = true;
    this.write(text);
  }

  private flushLines() {
    if (this.started && this.want > this.newlines) {
      const blank = ">".repeat(Math.min(this.lastQuote, this.quote, MAX_DRAWN_DEPTH));
      for (let i = this.newlines; i < this.want; i++) this.parts.push(i > 0 && blank ? `${blank}\n` : "\n");
      this.newlines = this.want;
    }
    this.want = 0;
  }

  private write(text: string) {
    this.flushLines();
    if (this.newlines > 0 || !this.started) {
      if (this.quote) this.parts.push("> ".repeat(Math.min(this.quote, MAX_DRAWN_DEPTH)));
      if (this.bullet) this.parts.push(this.bullet);
      this.bullet = "";
      this.lastQuote = this.quote;
    } else if (this.space) {
      this.parts.push(" ");
    }
    this.parts.push(text);
    this.started = true;
    this.newlines = 0;
    this.space = false;
  }

  toString() {
    return this.parts.join("");
  }
}

const isHidden = (style: string | undefined) => !!style && /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(style);

/** What a link adds after its text: nothing when the text already says it, or the target is no place to go. */
function linkSuffix(href: string | undefined, text: string): string | null {
  const target = (href ?? "").trim();
  const shown = text.trim();
  if (!target || !shown || target.startsWith("#") || target.length > MAX_LINK_CHARS) return null;
  if (/^(javascript|data|cid|vbscript):/i.test(target)) return null;
  const mailto = /^mailto:([^?]*)/i.exec(target);
  const plain = mailto ? safeDecode(mailto[1]) : target;
  const bare = (s: string) =>
    s
      .replace(/^[a-z]+:\/\//i, "")
      .replace(/\/$/, "")
      .toLowerCase();
  if (!plain || bare(shown) === bare(plain) || shown.toLowerCase().includes(plain.toLowerCase())) return null;
  return `(${plain})`;
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Readable plain text from an e-mail's HTML: paragraphs and line breaks kept, list items as "- "
 * (numbered lists as "1. "), quotes as "> ", links as "text (url)", a rule as Outlook's line of
 * underscores; script, style and hidden content left out; entities decoded. Linear in the input
 * (htmlparser2's tokeniser), whatever the markup.
 */
export function htmlToText(html: string): string {
  const out = new TextWriter();
  const stack: Open[] = [];
  const opened = new Map<string, number>();
  let skipping = 0;
  let pre = 0;
  const lists: { ordered: boolean; n: number }[] = [];

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (VOID.has(name)) {
          if (skipping) return;
          if (name === "br") out.lineBreak();
          if (name === "hr") {
            out.block(1);
            out.text(RULE, false);
            out.block(1);
          }
          return;
        }
        const open: Open = { name, skip: skipping > 0 || SKIPPED.has(name) || isHidden(attrs.style) || "hidden" in attrs };
        stack.push(open);
        opened.set(name, (opened.get(name) ?? 0) + 1);
        if (open.skip) {
          skipping++;
          return;
        }
        const gap = BLOCKS.get(name);
        if (name === "ul" || name === "ol") {
          out.block(lists.length ? 1 : 2);
          open.list = { ordered: name === "ol", n: 0 };
          lists.push(open.list);
          return;
        }
        if (gap) out.block(gap);
        if (name === "li") {
          const list = lists[lists.length - 1];
          const indent = "  ".repeat(Math.min(Math.max(0, lists.length - 1), MAX_DRAWN_DEPTH));
          if (list) list.n++;
          out.setBullet(indent + (list?.ordered ? `${list.n}. ` : "- "));
        } else if (name === "blockquote") {
          open.quote = true;
          out.quote++;
        } else if (name === "pre") {
          open.pre = true;
          pre++;
        } else if (name === "a") {
          open.href = attrs.href;
          open.linkStart = out.size;
        } else if (name === "td" || name === "th") {
          out.text(" ", false);
        }
      },
      ontext(text) {
        if (!skipping) out.text(text, pre > 0);
      },
      onclosetag(name) {
        // htmlparser2 closes what was left open, innermost first; a stray end tag closes nothing.
        if (VOID.has(name) || !opened.get(name)) return;
        let open: Open | undefined;
        while ((open = stack.pop())) {
          close(open);
          if (open.name === name) break;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );

  function close(open: Open) {
    opened.set(open.name, (opened.get(open.name) ?? 1) - 1);
    if (open.skip) {
      skipping--;
      return;
    }
    if (open.list) {
      lists.pop();
      out.block(lists.length ? 1 : 2);
      return;
    }
    if (open.quote) out.quote--;
    if (open.pre) pre--;
    // A link around a whole newsletter is no link a reader follows, and joining it back would cost.
    if (open.linkStart !== undefined && out.size - open.linkStart < 200) {
      const suffix = linkSuffix(open.href, out.since(open.linkStart));
      if (suffix) out.append(suffix);
    }
    if (open.name === "td" || open.name === "th") out.text(" ", false);
    const gap = BLOCKS.get(open.name);
    if (gap) out.block(gap);
  }

  parser.write(html.length > MAX_WORK_CHARS ? html.slice(0, MAX_WORK_CHARS) : html);
  parser.end();
  while (stack.length) close(stack.pop()!);
  return tidyText(out.toString());
}

// ---------------------------------------------------------------------------------------------
// Quoted history and signatures

/** "On Mon, 30 Nov 2026 at 09:12, Sophie <sophie@…> wrote:", and its French and German forms. */
function isAttribution(line: string): boolean {
  if (line.length > MAX_MARKER_CHARS * 3) return false;
  if (/^On\s/i.test(line)) return /\swrote:$/i.test(line);
  if (/^Le\s/i.test(line)) return /\sa écrit\s?:$/i.test(line);
  if (/^Am\s/i.test(line)) return /\sschrieb\s/i.test(line) && line.endsWith(":");
  return false;
}
/** Marker lines ("-----Original Message-----", a rule) are short; longer lines are not tested against them. */
export const MAX_MARKER_CHARS = 200;
const RULE_LINE = /^_{10,}$/;
const ORIGINAL_MESSAGE = /^-{3,}\s*(Original Message|Ursprüngliche Nachricht|Message d'origine)\s*-{3,}$/i;
const HISTORY_FIELD = /^\*?(From|Sent|Date|To|Cc|Subject|Von|Gesendet|An|Betreff|De|Envoyé|À|Objet)\*?\s?:/i;
const SIGNATURE = /^-- ?$/;
/** The one-line signatures phones and mail apps add. */
const DEVICE_SIGNATURE =
  /^(Sent from my [\w .'-]{1,40}|Sent from (Outlook|Mail|Yahoo Mail|Gmail)( for [\w .-]{1,30})?|Get Outlook for [\w .-]{1,20})(\s*[<(]https?:\/\/\S{1,200}[>)])?\.?$/i;
/** Signatures longer than this after a "-- " line mean the line was something else. */
const MAX_SIGNATURE_LINES = 30;

/** Whether the lines from `i` start an Outlook history header: From:, then Sent: or Date:, then To: or Subject:, within a few lines. */
function outlookHeaderAt(lines: string[], i: number): boolean {
  if (!/^\*?(From|Von|De)\*?\s?:/i.test(lines[i] ?? "")) return false;
  const next = lines.slice(i + 1, i + 7).filter((l) => l.trim());
  return (
    next.some((l) => /^\*?(Sent|Date|Gesendet|Datum|Envoyé)\*?\s?:/i.test(l)) &&
    next.some((l) => /^\*?(To|Subject|An|Betreff|À|Objet)\*?\s?:/i.test(l))
  );
}

/** The index of the first line of an Outlook-style history block ("____" or "-----Original Message-----", then From:/Sent:), or -1. */
export function outlookHistoryStart(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line.length <= MAX_MARKER_CHARS && (RULE_LINE.test(line) || ORIGINAL_MESSAGE.test(line))) {
      let j = i + 1;
      while (j < lines.length && !lines[j].trim()) j++;
      if (j < lines.length && j - i <= 3 && HISTORY_FIELD.test(lines[j].trim())) return i;
    } else if (outlookHeaderAt(lines, i)) {
      return i;
    }
  }
  return -1;
}

/** The attribution line of a quote, which mail clients wrap onto two lines when the name is long. */
function attributionAt(lines: string[], i: number): number {
  const line = lines[i].trim();
  if (!/^(On|Le|Am)\s/i.test(line) || line.length > MAX_MARKER_CHARS * 3) return 0;
  if (isAttribution(line)) return 1;
  const next = lines[i + 1]?.trim();
  if (next && isAttribution(`${line} ${next}`)) return 2;
  return 0;
}

/**
 * A reply without what it quotes: from an "On … wrote:" line (unless the answers are written between
 * the quoted lines), from an Outlook "From: … Sent: …" history block, every line starting ">",
 * then a "-- " signature (when what follows it is signature-sized) and a "Sent from my iPhone" line.
 */
export function trimReply(text: string): string {
  let lines = text.split("\n");

  const outlook = outlookHistoryStart(lines);
  if (outlook >= 0) lines = lines.slice(0, outlook);

  // For each line: whether an unquoted line follows a quoted one from here on, i.e. the answers
  // are written between (or below) the quotes. Computed from the end so the pass stays linear.
  const interleavedFrom = new Array<boolean>(lines.length + 1).fill(false);
  let unquotedAfter = false;
  for (let i = lines.length - 1; i >= 0; i--) {
    const quoted = lines[i].startsWith(">");
    interleavedFrom[i] = interleavedFrom[i + 1] || (quoted && unquotedAfter);
    if (!quoted && lines[i].trim()) unquotedAfter = true;
  }
  const dropped = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const span = attributionAt(lines, i);
    if (!span) continue;
    if (interleavedFrom[i + span]) {
      // Interleaved answers stay; only this line (and the quotes, below) go.
      for (let j = i; j < i + span; j++) dropped.add(j);
      i += span - 1;
      continue;
    }
    lines = lines.slice(0, i);
    break;
  }
  if (dropped.size) lines = lines.filter((_, i) => !dropped.has(i));

  lines = lines.filter((l) => !l.startsWith(">"));

  const signature = lines.findIndex((l, i) => SIGNATURE.test(l) && lines.length - i - 1 <= MAX_SIGNATURE_LINES);
  if (signature >= 0) lines = lines.slice(0, signature);

  // "Sent from my iPhone" and friends, among the last few lines written.
  let seen = 0;
  for (let i = lines.length - 1; i >= 0 && seen < 3; i--) {
    const line = lines[i].trim();
    if (!line) continue;
    seen++;
    if (DEVICE_SIGNATURE.test(line)) lines.splice(i, 1);
  }

  return tidyText(lines.join("\n"));
}
