/**
 * The podcast's search index (MiniSearch), built once per content version on
 * the server: titles, descriptions, guest names and transcripts (a timed one's results link to the
 * moment the words are said), with prefix
 * matching and typo tolerance, so "retirment" finds the retirement episodes
 * and "estat" the estate ones. The browser never loads it: results come with
 * the page (or its /_data JSON) like any other list.
 *
 * All the words must match (AND); when no episode has them all, any of them
 * will do (OR), so a long question still finds something. Results are ranked
 * by MiniSearch's BM25 score, titles and guests weighing most.
 */
import MiniSearch from 'minisearch';
import type { Episode, TranscriptParagraph } from '../../shared/content/types';
import { splitEpisodeTitle } from '../../shared/rules/episode-guest';
import { episodeFormat, excerptAround, markTerms } from '../../shared/rules/episode-search';
import type { EpisodeSearch, EpisodeSearchResult } from '../../shared/rules/episode-search';

interface IndexedEpisode {
  id: string;
  title: string;
  description: string;
  guest: string;
  transcript: string;
}

// How MiniSearch reads a query into words (the defaults, which the index uses).
const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const processTerm = MiniSearch.getDefault('processTerm') as (term: string) => string | null | undefined | false;

const SEARCH_OPTIONS = {
  prefix: true,
  // Up to one edit in five characters: "retirment" → "retirement", not "rent" → "rate".
  fuzzy: 0.2,
  boost: { title: 3, guest: 2, description: 1.5 },
} as const;

/** The words of a timed transcript's paragraph, as one text. */
const paragraphText = (paragraph: TranscriptParagraph) => paragraph.cues.map((cue) => cue.text).join(' ');

/** An episode's transcript as one text: the timed one when it has one, else the Markdown one. */
function transcriptText(episode: Episode): string {
  if (episode.timedTranscript) return episode.timedTranscript.paragraphs.map(paragraphText).join(' ');
  return (episode.transcript ?? []).map((turn) => turn.text).join(' ');
}

/**
 * The passage of a timed transcript where the words are first said, and the moment its paragraph
 * starts: what a result links to. Paragraph by paragraph, so the window never spans two speakers.
 */
function timedExcerpt(paragraphs: readonly TranscriptParagraph[], terms: readonly string[]) {
  for (const paragraph of paragraphs) {
    const pieces = excerptAround(paragraphText(paragraph), terms);
    if (pieces) return { pieces, at: Math.floor(paragraph.start) };
  }
  return undefined;
}

export function createEpisodeSearch(episodes: readonly Episode[], summaryOf: (episode: Episode) => Episode) {
  const byId = new Map(episodes.map((episode) => [episode.id, episode]));
  const transcripts = new Map(episodes.map((episode) => [episode.id, transcriptText(episode)]));
  const index = new MiniSearch<IndexedEpisode>({ fields: ['title', 'description', 'guest', 'transcript'], searchOptions: SEARCH_OPTIONS });
  index.addAll(
    episodes.map((episode) => ({
      id: episode.id,
      title: episode.title,
      description: episode.description,
      guest: splitEpisodeTitle(episode.title).guest ?? '',
      transcript: transcripts.get(episode.id) ?? '',
    })),
  );

  function match(episode: Episode, terms: readonly string[]): EpisodeSearchResult {
    const description = excerptAround(episode.description, terms, episode.description.length);
    const timed = description || !episode.timedTranscript ? undefined : timedExcerpt(episode.timedTranscript.paragraphs, terms);
    const transcript = description || timed ? undefined : excerptAround(transcripts.get(episode.id) ?? '', terms);
    return {
      episode: summaryOf(episode),
      title: markTerms(episode.title, terms),
      excerpt: timed
        ? { source: 'transcript', ...timed }
        : transcript
          ? { source: 'transcript', pieces: transcript }
          : { source: 'description', pieces: markTerms(episode.description, terms) },
    };
  }

  /**
   * Episodes matching the search, best first; with no words, every episode of
   * the format, newest first. Only the words that matched come with each: a
   * page shows six, and only those are described (below).
   */
  function search({ q, format }: EpisodeSearch): SearchHit[] {
    const ofFormat = (episode: Episode) => !format || episodeFormat(episode) === format;
    if (!q) return episodes.filter(ofFormat).map((episode) => ({ episode, terms: [] }));
    const filter = (result: { id: string }) => ofFormat(byId.get(result.id)!);
    // One look-up, not two: the episodes of an OR search that matched every word are the AND
    // search's, with the same scores (MiniSearch adds the words' scores either way).
    const results = index.search(q, { combineWith: 'OR', filter });
    const words = new Set(
      tokenize(q)
        .map((word) => processTerm(word))
        .filter(Boolean),
    ).size;
    const all = results.filter((result) => result.queryTerms.length === words);
    return (all.length > 0 ? all : results).map((result) => ({ episode: byId.get(result.id)!, terms: result.terms }));
  }

  /** A hit as its card shows it: the episode's summary, its title and a passage with the words marked. */
  const describe = (hit: SearchHit): EpisodeSearchResult => match(hit.episode, hit.terms);

  return { search, describe };
}

/** One episode a search found, and the words of the search it matched. */
export interface SearchHit {
  episode: Episode;
  terms: readonly string[];
}
