/**
 * An episode's id (its file name and its address, /podcast/<id>) from its
 * title: folded to ASCII (NFKD, accents removed), lower-case, every run of
 * other characters one hyphen, at most 80 characters, cut between words.
 *
 * Apostrophes inside a word are dropped rather than split on ("what's" is
 * "whats", "isn't" is "isnt"), as the site's existing ids write them.
 */
import { createHash } from 'node:crypto';

export const MAX_SLUG_LENGTH = 80;

/** Letters NFKD does not take apart. */
const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h' };

/** The slug of a title, or '' when it has no ASCII letter or digit at all. */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłıħ]/g, (letter) => FOLDED[letter]!)
    .replace(/(?<=[a-z0-9])['’](?=[a-z0-9])/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_SLUG_LENGTH) break;
    slug = next;
  }
  // A first word longer than the limit on its own is cut; there is no word boundary to cut at.
  return slug || (words[0]?.slice(0, MAX_SLUG_LENGTH) ?? '');
}

/**
 * The id for a feed item: the title's slug, or for a title with nothing to
 * fold (one written in another script) 'episode-' and a hash of `stableKey`
 * (the guid), so the same item always gets the same id.
 */
export function episodeSlug(title: string, stableKey: string): string {
  return (
    slugFromTitle(title) ||
    `episode-${createHash('sha256')
      .update(stableKey || title)
      .digest('hex')
      .slice(0, 8)}`
  );
}
