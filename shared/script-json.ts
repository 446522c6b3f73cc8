/** What may not appear literally in a <script> element's text, and its JSON escape. */
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON that is safe as the text of a <script> element (the hydration payload,
 * JSON-LD): no '<', '>' or '&' survive literally, so no content can close the
 * element or open a comment, and U+2028/U+2029 are escaped for old parsers.
 * One pass over the text: a search page serializes its results per request.
 * Each character is escaped alone, so a value's JSON inside a larger value's
 * is the value's own (server/pages/search-pages.tsx relies on it).
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE, (character) => ESCAPES[character]!);
}
