/** A tiny RFC 4180 writer: CRLF rows, fields quoted when they hold a comma, quote, CR or LF. */

type Cell = string | number | boolean | null | undefined | readonly unknown[] | Record<string, unknown>;

export function csvField(value: Cell): string {
  if (value == null) return "";
  const text = Array.isArray(value) ? value.join("; ") : typeof value === "object" ? JSON.stringify(value) : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: prefix it with an apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of objects to CSV text with the given columns as the header. */
export function toCsv<T extends Record<string, unknown>>(rows: readonly T[], columns: readonly (keyof T & string)[]): string {
  const lines = [columns.map((c) => csvField(c)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c] as Cell)).join(","));
  return lines.join("\r\n") + "\r\n";
}

/** Saves text as a file through a temporary link. */
export function downloadText(filename: string, text: string, type: string) {
  downloadBytes(filename, text, type);
}

/** Saves `data` (text or bytes, such as a .zip) as a file the browser downloads. */
export function downloadBytes(filename: string, data: string | Uint8Array<ArrayBuffer>, type: string) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
