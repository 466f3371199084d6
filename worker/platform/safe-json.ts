/**
 * JSON that can sit inside an HTML `<script>` element: `<`, `>` and `&` are written as \u escapes,
 * so no value (a lead named `</script><script>…`) can close the element or open a comment, and
 * JSON.parse reads the same value back. scripts/prerender.ts does the same for its own blocks.
 */
export const safeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    // Valid in JSON, but line terminators in older JavaScript string literals.
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/** Text for HTML, in an element or a quoted attribute: it can never become markup. */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
