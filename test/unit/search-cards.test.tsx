/**
 * Cards filled from templates (server/pages/search-cards.ts) are React's own
 * rendering of EpisodeCard, for pieces a search can make and pieces it
 * should not but might: text that needs escaping, plain text side by side
 * (React separates it with a comment), empty pieces, a passage from a
 * transcript.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from 'react-router-dom';
import type { ReactElement } from 'react';
import type { StaticHandlerContext } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { DocumentAssets } from '../../shared/app-payload';
import { EpisodeCard } from '../../shared/components/podcast/episode-card';
import type { Episode } from '../../shared/content/types';
import { DocumentContext } from '../../shared/document-context';
import type { EpisodeSearchResult, TextPiece } from '../../shared/rules/episode-search';
import { createSearchCards, markedHtml } from '../../server/pages/search-cards';

const assets: DocumentAssets = {
  styles: [],
  stylesheets: { pages: {}, site: '' },
  entryScript: '/entry.js',
  deferredModules: [],
  iconSprite: '/icons.svg',
};
const handler = createStaticHandler([{ id: 'card', path: '/', Component: () => useLoaderData() as ReactElement }]);
const queried = await handler.query(new Request('http://site.test/'));
if (queried instanceof Response) throw new Error('unexpected response');
const context: StaticHandlerContext = queried;

function render(element: ReactElement): string {
  const withElement = { ...context, loaderData: { card: element } } as typeof context;
  return renderToString(
    <DocumentContext.Provider value={{ assets, payloadJson: '', inlineStyles: '' }}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, withElement)} context={withElement} hydrate={false} />
    </DocumentContext.Provider>,
  );
}

const LABELS = { inTranscript: 'In the transcript:', inTranscriptAt: 'In the transcript at {moment}:' };
const renderCard = (result: EpisodeSearchResult, eager: boolean) =>
  render(<EpisodeCard episode={result.episode} eager={eager} match={result} transcriptLabels={LABELS} />);

const episode: Episode = {
  id: 'estate-planning-for-cpas',
  number: 'Episode 12',
  title: 'Estate Planning for CPAs & "Families"',
  date: '2024-03-05',
  published: '2024-03-05',
  duration: '42 min',
  description: 'How a practice adds estate planning.',
  image: '/media/episodes/cover-12.svg',
  listenUrl: 'https://podcasts.apple.com/us/podcast/id1',
  isYouTube: false,
  isSpotifyVideo: false,
  actions: {
    href: 'https://podcasts.apple.com/us/podcast/id1',
    mainLabel: 'Listen Now',
    secondaryLabel: 'Open in Apple Podcasts',
    platform: 'apple',
  },
};

const pieceSets: TextPiece[][] = [
  [{ text: 'Estate', mark: true }, { text: ' Planning for CPAs & "Families"' }],
  [{ text: 'A <b>bold</b> & it\'s "quoted" ' }, { text: 'estate', mark: true }, { text: '…' }],
  [{ text: 'side' }, { text: ' by side' }, { text: 'plain', mark: true }, { text: 'a' }, { text: '' }, { text: 'b' }],
  [{ text: '', mark: true }, { text: 'ünïcödé 😀 ' }, { text: 'ÉSTATE', mark: true }],
  [],
];

describe('search cards from templates', () => {
  it.each(pieceSets.flatMap((title) => pieceSets.map((pieces) => [title, pieces] as const)))(
    'fill as React renders the card (%#)',
    (title, pieces) => {
      const cards = createSearchCards(renderCard);
      const excerpts = [
        { source: 'description' },
        { source: 'transcript' },
        { source: 'transcript', at: 728 },
        { source: 'transcript', at: 0 },
      ] as const;
      for (const excerpt of excerpts) {
        for (const eager of [true, false]) {
          const result: EpisodeSearchResult = { episode, title, excerpt: { ...excerpt, pieces } };
          const react = renderCard(result, eager);
          const card = cards.fill(result, eager)!;
          expect(card.preload + card.html).toBe(react);
          // Only an eager card's image is preloaded, and the preload comes before the card.
          expect(card.preload.includes(episode.image)).toBe(eager);
        }
      }
    },
  );

  it('links a timed transcript’s passage to its moment, one template per moment', () => {
    const cards = createSearchCards(renderCard);
    const at = (seconds: number): EpisodeSearchResult => ({
      episode,
      title: [],
      excerpt: { source: 'transcript', pieces: [{ text: 'x' }], at: seconds },
    });
    expect(cards.fill(at(728), false)!.html).toContain(
      `In the transcript at <a class="episode-card__moment" href="/podcast/${episode.id}?t=728#t=728" data-discover="true"><time dateTime="PT728S">12:08</time></a>:`,
    );
    expect(cards.fill(at(3723), false)!.html).toContain('?t=3723#t=3723" data-discover="true"><time dateTime="PT3723S">1:02:03</time>');
  });

  it('writes marked words in <mark> and escapes text as React does', () => {
    expect(markedHtml([{ text: 'a<b' }, { text: '&', mark: true }, { text: '\'"' }])).toBe('a&lt;b<mark>&amp;</mark>&#x27;&quot;');
    expect(markedHtml([{ text: 'one' }, { text: 'two' }])).toBe('one<!-- -->two');
  });

  it('has no template for a card whose slots are not where they belong', () => {
    const cards = createSearchCards(() => '<article>no slots here</article>');
    expect(cards.fill({ episode, title: [], excerpt: { source: 'description', pieces: [] } }, true)).toBeUndefined();
  });
});
