/**
 * An episode's id (its file name and its address) from its title: ASCII
 * letters and digits joined by single hyphens, at most 80 characters, cut at
 * a word.
 */
const MAX_LENGTH = 80;

export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_LENGTH) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, MAX_LENGTH) || 'episode';
}
