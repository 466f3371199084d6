/**
 * Log lines the worker writes about a request: JSON, with the secret taken out of every path in
 * them. A client's link (/p/<token>, /i/<token>) and the calendar feed (/api/calendar/<token>.ics)
 * carry their only credential in the URL, and Workers Logs keeps whatever the worker writes to
 * the console (wrangler.toml turns off the invocation logs, which would record every URL).
 */

/** The secret part of a path: the segment after /p/, /i/ or /api/calendar/, wherever it appears in a text. */
const SECRET_SEGMENT = /(\/(?:p|i|api\/calendar)\/)[^/\s?#"'\\]+/g;

/** `text` with each link or feed token replaced by "[token]": "/p/[token]", "/api/calendar/[token]". */
export const redactTokens = (text: string) => text.replace(SECRET_SEGMENT, "$1[token]");

/** Writes one JSON log line at `level`, tokens redacted from every field (a path, a URL in an error message). */
export function logLine(level: "info" | "warn" | "error", fields: Record<string, unknown>): void {
  const line = redactTokens(JSON.stringify({ level, ...fields }));
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
