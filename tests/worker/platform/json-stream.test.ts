/** The JSON document reader behind Import and restore: any split of the text reads the same, nothing is held that need not be. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  JsonDocumentReader,
  JsonSyntaxError,
  JsonValueTooLarge,
  textOf,
  type JsonEvent,
  type MemberMode,
} from "../../../worker/platform/json-stream";

const modeOf = (key: string): MemberMode => (key.startsWith("rows") ? "stream" : key.startsWith("skip") ? "skip" : "value");

/** Reads `text` in the given pieces; answers the events, with each streamed array put back together. */
function read(pieces: string[], maxValueChars = 1_000_000) {
  const reader = new JsonDocumentReader({ modeOf, maxValueChars });
  const events: JsonEvent[] = [];
  for (const piece of pieces) events.push(...reader.push(piece));
  events.push(...reader.end());
  const doc: Record<string, unknown> = {};
  for (const e of events) {
    if (e.type === "member") doc[e.key] = e.value;
    if (e.type === "array") doc[e.key] = [];
    if (e.type === "item") (doc[e.key] as unknown[])[e.index] = e.value;
    if (e.type === "end") expect((doc[e.key] as unknown[]).length).toBe(e.length);
  }
  return { events, doc };
}

/** `text` cut at the given positions. */
const cut = (text: string, at: number[]) => {
  const points = [...new Set(at.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((p, i, all) => text.slice(p, all[i + 1] ?? text.length));
};

const sample = {
  version: 1,
  rows_leads: [
    { id: "a", name: 'Quote " and \\ backslash', notes: "{not [a] nested}", n: -1.5e3, ok: true, none: null },
    { id: "b", name: "Ünïcode 😀 \u2028 line", tags: ["x", { y: [1, 2, { z: "]}" }] }], empty: {} },
  ],
  rows_empty: [],
  skip_this: { huge: ["]", "}", '"', [[[]]]] },
  rows_scalars: [1, "two", null, false, [3]],
  label: "done",
};

describe("JsonDocumentReader", () => {
  it("hands over each array element and each member, whatever the pieces", () => {
    const text = JSON.stringify(sample, null, 2);
    const { doc: whole } = read([text]);
    const { skip_this: _skipped, ...expected } = sample;
    expect(whole).toEqual({ ...expected, skip_this: undefined });
    // Every single cut, and every piece one character long.
    for (let at = 0; at <= text.length; at++) expect(read([text.slice(0, at), text.slice(at)]).doc).toEqual(whole);
    expect(read([...text]).doc).toEqual(whole);
  });

  it("reads any document split anywhere exactly as JSON.parse does", () => {
    const row = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
    const docs = fc.record({
      rows_a: fc.array(row, { maxLength: 6 }),
      rows_b: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
      plain: fc.jsonValue({ maxDepth: 2 }),
    });
    fc.assert(
      fc.property(docs, fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (doc, at, pretty) => {
        const text = JSON.stringify(doc, null, pretty ? 1 : undefined);
        // JSON.stringify writes -0 as 0; compare with what JSON.parse makes of the same text.
        expect(read(cut(text, at)).doc).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it("never keeps a skipped member or a finished row in its buffer", () => {
    const reader = new JsonDocumentReader({ modeOf, maxValueChars: 100 });
    const held = () => (reader as unknown as { buf: string }).buf.length;
    // A skipped member far longer than any value the reader may hold.
    reader.push(`{"skip":["${"x".repeat(5000)}`);
    expect(held()).toBe(0);
    reader.push(`${"y".repeat(5000)}"],"rows":[`);
    expect(held()).toBe(0);
    for (let i = 0; i < 1000; i++) {
      expect(reader.push(`${i ? "," : ""}{"id":${i}}`)).toEqual([{ type: "item", key: "rows", index: i, value: { id: i } }]);
      expect(held()).toBe(0);
    }
    // Half a row is held until the rest arrives.
    expect(reader.push(',{"id":"hal')).toEqual([]);
    expect(held()).toBe('{"id":"hal'.length);
    expect(reader.push('f"}')).toEqual([{ type: "item", key: "rows", index: 1000, value: { id: "half" } }]);
    expect([...reader.push("]}"), ...reader.end()]).toEqual([{ type: "end", key: "rows", length: 1001 }]);
  });

  it("refuses a value longer than it may hold", () => {
    expect(() => read([`{"rows":[{"a":"${"x".repeat(200)}"}]}`], 100)).toThrow(JsonValueTooLarge);
    expect(() => read([`{"rows":[{"a":"`, "x".repeat(200)], 100)).toThrow(JsonValueTooLarge);
  });

  it("says where a document stops being JSON", () => {
    for (const [text, message] of [
      ['{"a":1,}', /Expected a property name at character 7/],
      ['{"a":1 "b":2}', /Expected ',' or '}'/],
      ['{"rows":[1 2]}', /Expected ',' or '\]'/],
      ['{"rows":[{"a":}]}', /at character 9/],
      ['{"a" 1}', /Expected ':'/],
      ['{"a":1}x', /Unexpected non-whitespace/],
      ['{"rows":[1,2', /Unexpected end of JSON/],
      ["", /Unexpected end of JSON/],
      ["hello", /Unexpected character "h"/],
    ] as const)
      expect(() => read([text]), text).toThrow(message);
    expect(() => read(['{"a":1,}'])).toThrow(JsonSyntaxError);
  });

  it("says what a document is when it is not an object, without handing over its content", () => {
    expect(read(["[1, 2, {", '"a": [3]}]']).events).toEqual([{ type: "not_object", kind: "array" }]);
    expect(read(['"text"']).events).toEqual([{ type: "not_object", kind: "string" }]);
    expect(read(["  42", "\n"]).events).toEqual([{ type: "not_object", kind: "number" }]);
    expect(read(["null"]).events).toEqual([{ type: "not_object", kind: "null" }]);
    for (const text of ["not json", "[1, 2", "42 43", "nul"]) expect(() => read([text]), text).toThrow(JsonSyntaxError);
  });
});

describe("textOf", () => {
  const bytes = (parts: number[][]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(new Uint8Array(p));
        controller.close();
      },
    });
  const all = async (stream: ReadableStream<Uint8Array>, max = 1000) => {
    const out: string[] = [];
    for await (const piece of textOf(stream, max, () => new Error("too large"))) out.push(piece);
    return out.join("");
  };

  it("decodes UTF-8 split inside a character", async () => {
    const encoded = [...new TextEncoder().encode("é😀€a")];
    // Every byte on its own: no character arrives whole.
    expect(await all(bytes(encoded.map((b) => [b])))).toBe("é😀€a");
  });

  it("stops once more than the limit has arrived", async () => {
    await expect(
      all(
        bytes([
          [1, 2, 3],
          [4, 5, 6],
        ]),
        5,
      ),
    ).rejects.toThrow("too large");
    expect(await all(bytes([[97, 98], [99]]), 3)).toBe("abc");
  });
});
