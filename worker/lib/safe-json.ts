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
