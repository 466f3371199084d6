/** web/src/lib/csv.ts: what the CRM's CSV exports write, above all the spreadsheet-formula guard. */
import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "../../web/src/lib/csv";

describe("csvField", () => {
  it.each(["=SUM(A1:A9)", "+44 161 555 0101", "-2+3", "@import", "\tcmd", "\rcmd"])(
    "prefixes %j with an apostrophe so a spreadsheet shows it instead of running it",
    (text) => {
      expect(csvField(text).replace(/^"|"$/g, "")).toBe(`'${text}`.replace(/"/g, '""'));
    },
  );

  it("leaves ordinary text and numbers alone", () => {
    expect(csvField("Priya Shah")).toBe("Priya Shah");
    expect(csvField(1250)).toBe("1250");
    expect(csvField(true)).toBe("true");
  });

  it("quotes a field holding a comma, quote or line break, doubling its quotes", () => {
    expect(csvField("Shah, Priya")).toBe('"Shah, Priya"');
    expect(csvField('The "best" bakery')).toBe('"The ""best"" bakery"');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("=1,2")).toBe(`"'=1,2"`);
  });

  it("writes nothing for a missing value, joins lists and writes objects as JSON", () => {
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(["a", "b"])).toBe("a; b");
    expect(csvField({ utm_source: "google" })).toBe('"{""utm_source"":""google""}"');
  });
});

describe("toCsv", () => {
  it("writes the header, then one CRLF-ended row per record in column order", () => {
    const csv = toCsv(
      [
        { name: "Ann Lee", value: 500, note: "=cmd" },
        { name: "Tom, Baxter", value: null, note: "" },
      ],
      ["name", "value", "note"],
    );
    expect(csv).toBe('name,value,note\r\nAnn Lee,500,\'=cmd\r\n"Tom, Baxter",,\r\n');
  });
});
