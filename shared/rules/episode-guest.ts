/**
 * The guest of an episode, read from its title. Guest episodes are titled
 * '<topic> with <First Last>' (site.md); solo episodes have no such ending.
 * Pure: used by the share-image build and the structured data alike.
 */
const GUEST_SUFFIX = / with ((?:[A-Z][\p{L}'’.-]*)(?: [A-Z][\p{L}'’.-]*){1,2})$/u;

export interface EpisodeTitleParts {
  /** The title without the guest. */
  topic: string;
  guest: string | null;
}

export function splitEpisodeTitle(title: string): EpisodeTitleParts {
  const trimmed = title.trim();
  const match = GUEST_SUFFIX.exec(trimmed);
  if (!match) return { topic: trimmed, guest: null };
  return { topic: trimmed.slice(0, match.index), guest: match[1]! };
}
