/**
 * The forwarded original inside a forward's text: the header blocks Gmail, Outlook and Apple Mail
 * write above the original's body, and failing those a "From:" / "Reply-To:" block in a mail whose
 * subject says it is a forward. (A forward as a message/rfc822 attachment is read in parse.ts.)
 *
 * Outlook writes the same "From: … Sent: … To: … Subject: …" block above the history of a reply, so
 * that block (and the generic one) counts as a forward only when the subject says "Fwd:"/"FW:";
 * Gmail's and Apple's markers say "forwarded" themselves.
 */
import { MAX_MARKER_CHARS, outlookHistoryStart } from "./text";
import type { ForwardedVia } from "./types";

export interface ForwardedHeaders {
  from: string | null;
  replyTo: string | null;
  to: string | null;
  cc: string | null;
  subject: string | null;
  /** The "Date:" or "Sent:" line as written; dates.ts reads it. */
  date: string | null;
}

export interface ForwardedBlock {
  via: Exclude<ForwardedVia, "rfc822">;
  /** What the forwarder wrote above the block. */
  note: string;
  headers: ForwardedHeaders;
  /** The original's body, unquoted when the client quoted the whole forward. */
  body: string;
}

/** "Fwd:", "FW:", and the prefixes of other languages' clients (TR, WG, RV, VS, I, Doorst, Enc, Fwd). */
const FORWARD_SUBJECT = /^\s*(\[?(fwd?|tr|wg|rv|vs|vl|i|doorst|enc|pd|continues?)\s*(\[\d+\])?\s*:)/i;
const GMAIL_MARKER =
  /^-{5,}\s*(Forwarded message|Message transféré|Weitergeleitete Nachricht|Mensaje reenviado|Messaggio inoltrato|Doorgestuurd bericht)\s*-{5,}$/i;
const APPLE_MARKER = /^(Begin forwarded message|Début du message réexpédié|Anfang der weitergeleiteten Nachricht)\s?:$/i;

const FIELD_NAMES: Record<string, keyof ForwardedHeaders> = {
  from: "from",
  von: "from",
  de: "from",
  "reply-to": "replyTo",
  "antwort an": "replyTo",
  "répondre à": "replyTo",
  to: "to",
  an: "to",
  à: "to",
  cc: "cc",
  subject: "subject",
  betreff: "subject",
  objet: "subject",
  date: "date",
  datum: "date",
  sent: "date",
  gesendet: "date",
  envoyé: "date",
};
/** "From: x", also as "*From:* x" (a bold label in text that was HTML), and a quote's "> From: x". */
const FIELD = /^\*?([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ -]{0,14}?)\*?\s?:\*?\s*(.*)$/;
const MAX_HEADER_LINES = 40;
/** A forward of a forward of a forward…: past this many levels the innermost readable one is used. */
export const MAX_FORWARD_DEPTH = 5;

export const looksForwarded = (subject: string) => FORWARD_SUBJECT.test(subject);

/** The subject without its "Fwd:" / "Re:" prefixes. */
export const baseSubject = (subject: string) =>
  subject.replace(/^(\s*(\[?(fwd?|re|aw|sv|tr|wg|rv|vs|i|doorst|enc)\s*(\[\d+\])?\s*:\]?)\s*)+/i, "").trim();

function field(line: string): { key: keyof ForwardedHeaders; value: string } | null {
  const m = FIELD.exec(line.trim());
  if (!m) return null;
  const key = FIELD_NAMES[m[1].trim().toLowerCase()];
  return key ? { key, value: m[2].replace(/\*+$/, "").trim() } : null;
}

/**
 * Reads the header lines starting at `start` (blank lines before them skipped) up to the blank line
 * that ends them. Null unless there is a From line.
 */
function readHeaders(lines: string[], start: number): { headers: ForwardedHeaders; bodyStart: number } | null {
  let i = start;
  while (i < lines.length && !lines[i].trim() && i - start < 3) i++;
  const headers: ForwardedHeaders = { from: null, replyTo: null, to: null, cc: null, subject: null, date: null };
  let last: keyof ForwardedHeaders | null = null;
  let count = 0;
  for (; i < lines.length && count < MAX_HEADER_LINES; i++, count++) {
    const line = lines[i];
    if (!line.trim()) break;
    const f = field(line);
    if (f) {
      if (headers[f.key] === null) headers[f.key] = f.value;
      last = f.key;
    } else if (last === "to" || last === "cc" || last === "subject" || last === "from") {
      // A long To: list or subject wrapped onto the next line.
      headers[last] = `${headers[last] ?? ""} ${line.trim()}`.trim();
    } else {
      break;
    }
  }
  if (!headers.from && !headers.replyTo) return null;
  return { headers, bodyStart: i };
}

/** Lines of a forward the client quoted whole (Apple Mail's HTML puts it in a blockquote), one level of "> " off. */
function unquote(lines: string[]): string[] {
  return lines.map((l) => l.replace(/^> ?/, "").replace(/^>$/, ""));
}

function block(via: ForwardedBlock["via"], lines: string[], markerAt: number, headerStart: number): ForwardedBlock | null {
  let rest = lines.slice(headerStart);
  const firstField = rest.find((l) => l.trim());
  if (firstField?.startsWith(">")) rest = unquote(rest);
  const read = readHeaders(rest, 0);
  if (!read) return null;
  return {
    via,
    note: lines.slice(0, markerAt).join("\n"),
    headers: read.headers,
    body: rest.slice(read.bodyStart).join("\n"),
  };
}

/** The first forwarded block in `text` (a normalised body), or null when there is none we recognise. */
export function findForwardedBlock(text: string, subject: string): ForwardedBlock | null {
  const lines = text.split("\n");
  const forwardSubject = looksForwarded(subject);

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim().replace(/^> ?/, "");
    if (line.length > MAX_MARKER_CHARS) continue;
    if (GMAIL_MARKER.test(line)) {
      const found = block("gmail", lines, i, i + 1);
      if (found) return found;
    } else if (APPLE_MARKER.test(line)) {
      const found = block("apple", lines, i, i + 1);
      if (found) return found;
    }
  }

  if (!forwardSubject) return null;

  const history = outlookHistoryStart(lines);
  if (history >= 0) {
    const bare = /^\*?(From|Von|De)\*?\s?:/i.test(lines[history].trim());
    const headerStart = bare ? history : history + 1;
    // Outlook draws a rule or "Original Message" above the block, or writes "Sent:"; other
    // clients' bare "From: … Date: …" blocks are the generic kind.
    const sent = lines.slice(headerStart, headerStart + 10).some((l) => /^\*?(Sent|Gesendet|Envoyé)\*?\s?:/i.test(l.trim()));
    const found = block(bare && !sent ? "reply-to" : "outlook", lines, history, headerStart);
    if (found) return found;
  }

  // A forward in a shape we don't know (Thunderbird's table, a phone's): the first From: or Reply-To: block.
  for (let i = 0; i < lines.length; i++) {
    const f = field(lines[i]);
    if (f && (f.key === "from" || f.key === "replyTo")) {
      const read = readHeaders(lines, i);
      const fields = read && Object.values(read.headers).filter(Boolean).length;
      if (read && fields && fields >= 2) {
        // Thunderbird's "-------- Forwarded Message --------" and the like sit just above.
        const marker = i > 0 ? lines[i - 1].trim() : "";
        const above = marker.length <= MAX_MARKER_CHARS && /^-{3,}.*-{3,}$/.test(marker) ? i - 1 : i;
        return {
          via: "reply-to",
          note: lines.slice(0, above).join("\n"),
          headers: read.headers,
          body: lines.slice(read.bodyStart).join("\n"),
        };
      }
    }
  }
  return null;
}

const ADDRESS_CHAR = /[^\s<>()[\]"',;:@]/;

/** The first a@b.c in `text`, found by walking out from its "@" (a regex here backtracks badly on long lines). */
function findEmail(text: string): string | null {
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    let start = at;
    while (start > 0 && ADDRESS_CHAR.test(text[start - 1])) start--;
    let end = at + 1;
    while (end < text.length && ADDRESS_CHAR.test(text[end])) end++;
    const domain = text.slice(at + 1, end).replace(/\.+$/, "");
    if (start < at && /^[^.]+(\.[^.]+)+$/.test(domain)) return text.slice(start, at + 1) + domain;
  }
  return null;
}

/**
 * The addresses of a forwarded "From:"/"To:" line: `Name <a@b>`, `Name [mailto:a@b]` (older
 * Outlook), `"Name" <a@b>; Other <c@d>`, a bare `a@b`. Entries that are a name only are dropped:
 * there is nothing to match them on.
 */
export function parseAddressLine(value: string | null): { name: string | null; address: string }[] {
  if (!value) return [];
  const out: { name: string | null; address: string }[] = [];
  // Split on , or ; outside quotes and brackets.
  const items: string[] = [];
  let current = "";
  let depth = 0;
  let quoted = false;
  for (const c of value.slice(0, 10_000)) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "<" || c === "[" || c === "(")) depth++;
    else if (!quoted && (c === ">" || c === "]" || c === ")")) depth = Math.max(0, depth - 1);
    if (!quoted && !depth && (c === "," || c === ";")) {
      items.push(current);
      current = "";
    } else current += c;
  }
  items.push(current);
  for (const item of items) {
    const plain = item.replace(/mailto:/gi, "");
    const address = findEmail(plain);
    if (!address) continue;
    const name = plain
      .split(address)
      .join(" ")
      .replace(/[<>[\]()]/g, " ")
      .replace(/^[\s"']+|[\s"']+$/g, "")
      .replace(/\s+/g, " ");
    out.push({ name: name || null, address });
  }
  return out;
}
