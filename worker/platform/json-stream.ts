/**
 * A JSON document read as it arrives, in pieces of any size, without ever holding the whole of it:
 * a top-level object whose members are handed over one by one, and whose large arrays are handed
 * over an element at a time. Each element (an exported row) is found by a small scanner that only
 * tracks strings and nesting, then parsed by the engine's own JSON.parse, so the document's
 * grammar is checked exactly where it matters and the cost stays close to JSON.parse's.
 *
 * Used by Import, restore and delete-all's proof (worker/modules/data/data-transfer.ts).
 */

/** What to do with a member's value, by its key: hand over an array's elements one by one, parse it whole, or skip it unread. */
export type MemberMode = "stream" | "value" | "skip";

export type JsonEvent =
  /** The document is not an object: what it is instead (its content is not handed over). */
  | { type: "not_object"; kind: "array" | "string" | "number" | "boolean" | "null" }
  /** A member read whole (or skipped: value undefined). */
  | { type: "member"; key: string; value: unknown }
  /** A streamed member's array begins; its elements follow as items, then its end. */
  | { type: "array"; key: string }
  | { type: "item"; key: string; index: number; value: unknown }
  | { type: "end"; key: string; length: number };

/** Not JSON, or not one complete JSON value: where, in characters from the start of the document. */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`${message} at character ${position}`);
  }
}

/** A single value (one row) longer than the reader will hold. */
export class JsonValueTooLarge extends Error {
  constructor(
    readonly key: string,
    readonly maxChars: number,
  ) {
    super(`A value of "${key}" is longer than ${maxChars} characters`);
  }
}

const enum C {
  Quote = 34,
  Backslash = 92,
  Comma = 44,
  Colon = 58,
  OpenBrace = 123,
  CloseBrace = 125,
  OpenBracket = 91,
  CloseBracket = 93,
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

type State =
  | "start"
  | "first_key" // after `{`: a key or `}`
  | "key" // after `,`: a key
  | "colon"
  | "value"
  | "after_member" // `,` or `}`
  | "first_item" // after `[`: an element or `]`
  | "item" // after `,` in an array
  | "after_item" // `,` or `]`
  | "done";

/** A value being scanned: where it starts, how deep, whether inside a string. */
interface Scan {
  start: number; // absolute position of its first character
  depth: number;
  inString: boolean;
  escaped: boolean;
  /** A bare number or literal (true, false, null): ends at the first delimiter. */
  bare: boolean;
  keep: boolean; // parse it (false: skip it)
  what: "key" | "member" | "item" | "top";
}

export interface JsonDocumentReaderOptions {
  modeOf: (key: string) => MemberMode;
  /** The longest single value kept for parsing (a row, a whole member); longer ones throw JsonValueTooLarge. */
  maxValueChars: number;
}

export class JsonDocumentReader {
  private buf = "";
  /** Absolute position of buf[0] in the document. */
  private base = 0;
  /** Absolute position scanned up to. */
  private pos = 0;
  private state: State = "start";
  private scan: Scan | null = null;
  private key = "";
  private mode: MemberMode = "skip";
  private index = 0;
  private events: JsonEvent[] = [];

  constructor(private readonly options: JsonDocumentReaderOptions) {}

  /** Reads a piece of the document; answers the events it completed. */
  push(text: string): JsonEvent[] {
    this.buf = this.buf.length ? this.buf + text : text;
    this.run(false);
    return this.take();
  }

  /** The document is complete: answers the last events, or throws if it ended early. */
  end(): JsonEvent[] {
    this.run(true);
    if (this.state !== "done") throw new JsonSyntaxError("Unexpected end of JSON", this.pos);
    return this.take();
  }

  private take(): JsonEvent[] {
    // Keep only what a value still being parsed needs.
    const keepFrom = this.scan?.keep ? this.scan.start : this.pos;
    if (keepFrom > this.base) {
      this.buf = this.buf.slice(keepFrom - this.base);
      this.base = keepFrom;
    }
    const events = this.events;
    this.events = [];
    return events;
  }

  private fail(message: string): never {
    throw new JsonSyntaxError(message, this.pos);
  }

  /** Skips white space; answers the next character's code, or -1 when the buffer is used up. */
  private next(): number {
    const { buf, base } = this;
    let i = this.pos - base;
    while (i < buf.length && isSpace(buf.charCodeAt(i))) i++;
    this.pos = base + i;
    return i < buf.length ? buf.charCodeAt(i) : -1;
  }

  private begin(what: Scan["what"], keep: boolean) {
    const c = this.buf.charCodeAt(this.pos - this.base);
    const nested = c === C.OpenBrace || c === C.OpenBracket;
    if (!nested && c !== C.Quote && !/[-0-9tfn]/.test(String.fromCharCode(c)))
      this.fail(`Unexpected character ${JSON.stringify(String.fromCharCode(c))}`);
    this.scan = {
      start: this.pos,
      depth: nested ? 1 : 0,
      inString: c === C.Quote,
      escaped: false,
      bare: !nested && c !== C.Quote,
      keep,
      what,
    };
    this.pos++;
  }

  /** Scans the current value; answers its text (or "" when skipped) once complete, null when more is needed. */
  private finishScan(atEnd: boolean): string | null {
    const scan = this.scan!;
    const { buf, base } = this;
    let i = this.pos - base;
    const n = buf.length;
    let { depth, inString, escaped } = scan;
    let end = -1;
    if (scan.bare) {
      while (i < n) {
        const c = buf.charCodeAt(i);
        if (c === C.Comma || c === C.CloseBrace || c === C.CloseBracket || isSpace(c)) break;
        i++;
      }
      if (i < n || atEnd) end = i;
    } else {
      for (; i < n; i++) {
        const c = buf.charCodeAt(i);
        if (inString) {
          if (escaped) escaped = false;
          else if (c === C.Backslash) escaped = true;
          else if (c === C.Quote) {
            inString = false;
            if (depth === 0) {
              end = i + 1;
              break;
            }
          }
        } else if (c === C.Quote) inString = true;
        else if (c === C.OpenBrace || c === C.OpenBracket) depth++;
        else if (c === C.CloseBrace || c === C.CloseBracket) {
          if (--depth === 0) {
            end = i + 1;
            break;
          }
        }
      }
    }
    if (end === -1) {
      if (scan.keep && base + i - scan.start > this.options.maxValueChars)
        throw new JsonValueTooLarge(this.key, this.options.maxValueChars);
      Object.assign(scan, { depth, inString, escaped });
      this.pos = base + i;
      return null;
    }
    this.pos = base + end;
    this.scan = null;
    if (!scan.keep) return "";
    if (end - (scan.start - base) > this.options.maxValueChars) throw new JsonValueTooLarge(this.key, this.options.maxValueChars);
    return buf.slice(scan.start - base, end);
  }

  private parse(text: string, at: number): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new JsonSyntaxError((error as Error).message.replace(/ in JSON at position \d+.*$/, ""), at);
    }
  }

  private run(atEnd: boolean): void {
    for (;;) {
      if (this.scan) {
        const start = this.scan.start;
        const what = this.scan.what;
        const text = this.finishScan(atEnd);
        if (text === null) return;
        if (what === "top") {
          // Parsed only to be sure it is JSON; what it is is all that is reported.
          if (text) this.parse(text, start);
          this.state = "done";
        } else if (what === "key") {
          this.key = this.parse(text, start) as string;
          this.state = "colon";
        } else if (what === "member") {
          this.events.push({ type: "member", key: this.key, value: this.mode === "skip" ? undefined : this.parse(text, start) });
          this.state = "after_member";
        } else {
          if (this.mode === "stream") this.events.push({ type: "item", key: this.key, index: this.index, value: this.parse(text, start) });
          this.index++;
          this.state = "after_item";
        }
        continue;
      }
      const c = this.next();
      if (c === -1) return;
      switch (this.state) {
        case "start":
          if (c === C.OpenBrace) {
            this.pos++;
            this.state = "first_key";
          } else {
            // Not an object: an array is only scanned through (it may be large), anything else parsed.
            const kind =
              c === C.OpenBracket ? "array" : c === C.Quote ? "string" : c === 116 || c === 102 ? "boolean" : c === 110 ? "null" : "number";
            this.begin("top", kind !== "array");
            this.events.push({ type: "not_object", kind });
          }
          break;
        case "first_key":
        case "key":
          if (c === C.CloseBrace && this.state === "first_key") {
            this.pos++;
            this.state = "done";
          } else if (c === C.Quote) this.begin("key", true);
          else this.fail("Expected a property name");
          break;
        case "colon":
          if (c !== C.Colon) this.fail("Expected ':' after a property name");
          this.pos++;
          this.mode = this.options.modeOf(this.key);
          this.state = "value";
          break;
        case "value":
          if (c === C.OpenBracket && this.mode === "stream") {
            this.pos++;
            this.index = 0;
            this.events.push({ type: "array", key: this.key });
            this.state = "first_item";
          } else this.begin("member", this.mode !== "skip");
          break;
        case "after_member":
          if (c === C.Comma) this.state = "key";
          else if (c === C.CloseBrace) this.state = "done";
          else this.fail("Expected ',' or '}' after a property value");
          this.pos++;
          break;
        case "first_item":
          if (c === C.CloseBracket) {
            this.pos++;
            this.events.push({ type: "end", key: this.key, length: 0 });
            this.state = "after_member";
          } else this.begin("item", true);
          break;
        case "item":
          this.begin("item", true);
          break;
        case "after_item":
          if (c === C.Comma) this.state = "item";
          else if (c === C.CloseBracket) {
            this.events.push({ type: "end", key: this.key, length: this.index });
            this.state = "after_member";
          } else this.fail("Expected ',' or ']' after an array element");
          this.pos++;
          break;
        case "done":
          this.fail("Unexpected non-whitespace character after JSON");
      }
    }
  }
}

/**
 * The text of a byte stream (UTF-8, as a browser sends a file), piece by piece; throws
 * `tooLarge()` once more than `maxBytes` have arrived.
 */
export async function* textOf(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: () => Error): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let size = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge();
      const text = decoder.decode(value, { stream: true });
      if (text) yield text;
    }
    finished = true;
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    // Stopped early (a refusal, a failure): the rest of the upload is not wanted.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * A response body made of text pieces, pulled one at a time as the client reads, so a slow
 * download never piles pieces up in memory. A piece that fails ends the body unfinished (after
 * `onError`), and a client that goes away stops the pieces being made.
 */
export function byteStreamOf(pieces: AsyncGenerator<string>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await pieces.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
