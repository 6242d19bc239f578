/**
 * JSON for inside `<script type="application/json">`: no `<` can end the
 * element early (a seller's `</script>`), and the two line separators JSON
 * allows but older JavaScript parsers don't are escaped too.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
