/**
 * JSON Schema patterns made of the rules' own regular expressions
 * (shared/rules/), so the document's request schemas refuse what the handlers
 * refuse, and no shape is written here a second time.
 */
import { CONTROL, LINE_BREAK } from '../../../shared/rules/contact-message';
import { DOMAIN_LABEL, DOMAIN_LABEL_MAX_LENGTH, LOCAL_PART, LOCAL_PART_MAX_LENGTH, TOP_LEVEL_DOMAIN } from '../../../shared/rules/email';

/**
 * A rule's regular expression as pattern text: JSON Schema patterns are
 * ECMA-262 with the `u` flag and no other, so a case-insensitive rule has each
 * letter written as [xX]; any other flag is refused rather than dropped.
 */
export function patternOf(rule: RegExp): string {
  const flags = rule.flags.replace(/[iu]/g, '');
  if (flags) throw new Error(`/${rule.source}/${rule.flags}: the flags ${flags} have no JSON Schema equivalent`);
  if (!rule.flags.includes('i')) return rule.source;
  let pattern = '';
  let inClass = false;
  for (let at = 0; at < rule.source.length; at += 1) {
    const char = rule.source[at]!;
    if (char === '\\') {
      const escape = /^\\(?:u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|[pP]\{[^}]*\}|c[A-Za-z]|.)/s.exec(rule.source.slice(at))![0];
      pattern += escape;
      at += escape.length - 1;
    } else if (inClass) {
      if (/[A-Za-z]/.test(char)) throw new Error(`/${rule.source}/i: letters in a character class are not made caseless here`);
      if (char === ']') inClass = false;
      pattern += char;
    } else if (char === '(' && rule.source.startsWith('(?<', at) && !/^\(\?<[=!]/.test(rule.source.slice(at))) {
      throw new Error(`/${rule.source}/i: named groups are not made caseless here`);
    } else {
      if (char === '[') inClass = true;
      pattern += /[A-Za-z]/.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char;
    }
  }
  return pattern;
}

/** An anchored rule (^…$) as a group inside a larger pattern. */
export function whole(rule: RegExp): string {
  const source = patternOf(rule);
  if (!source.startsWith('^') || !source.endsWith('$')) throw new Error(`/${rule.source}/ is not anchored at both ends`);
  return `(?:${source.slice(1, -1)})`;
}

/** Text as a pattern that matches it (escapes valid with the `u` flag). */
export const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** shared/rules/email.ts's shape: a local part, then two or more labels, the last a top-level domain. */
export const EMAIL_PATTERN =
  `^(?=[^@]{1,${LOCAL_PART_MAX_LENGTH}}@)${whole(LOCAL_PART)}@` +
  `(?:(?=[^.@]{1,${DOMAIN_LABEL_MAX_LENGTH}}\\.)${whole(DOMAIN_LABEL)}\\.)+` +
  `(?=[^.@]{1,${DOMAIN_LABEL_MAX_LENGTH}}$)(?=${whole(DOMAIN_LABEL)}$)${whole(TOP_LEVEL_DOMAIN)}$`;
/** Something besides spaces. */
export const NOT_BLANK = '(?=[\\s\\S]*\\S)';
/** No line break (a one-line field could become a mail header) and no control character. */
export const ONE_LINE = `(?![\\s\\S]*(?:${patternOf(LINE_BREAK)}|${patternOf(CONTROL)}))`;
/** No control character but tab, CR and LF. */
export const NO_CONTROL = `(?![\\s\\S]*${patternOf(CONTROL)})`;
