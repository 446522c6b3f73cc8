/**
 * JSON that is safe as the text of a <script> element (the hydration payload,
 * JSON-LD): no '<', '>' or '&' survive literally, so no content can close the
 * element or open a comment, and U+2028/U+2029 are escaped for old parsers.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
