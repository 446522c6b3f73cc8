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

const assets: DocumentAssets = { styles: [], entryScript: '/entry.js', deferredModules: [], iconSprite: '/icons.svg' };
const handler = createStaticHandler([{ id: 'card', path: '/', Component: () => useLoaderData() as ReactElement }]);
const queried = await handler.query(new Request('http://site.test/'));
if (queried instanceof Response) throw new Error('unexpected response');
const context: StaticHandlerContext = queried;

function render(element: ReactElement): string {
  const withElement = { ...context, loaderData: { card: element } } as typeof context;
  return renderToString(
    <DocumentContext.Provider value={{ assets, payloadJson: '' }}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, withElement)} context={withElement} hydrate={false} />
    </DocumentContext.Provider>,
  );
}

const LABEL = 'In the transcript:';
const renderCard = (result: EpisodeSearchResult, eager: boolean) =>
  render(<EpisodeCard episode={result.episode} eager={eager} match={result} inTranscriptLabel={LABEL} />);

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
      for (const source of ['description', 'transcript'] as const) {
        for (const eager of [true, false]) {
          const result: EpisodeSearchResult = { episode, title, excerpt: { source, pieces } };
          const react = renderCard(result, eager);
          const card = cards.fill(result, eager)!;
          expect(card.preload + card.html).toBe(react);
          // Only an eager card's image is preloaded, and the preload comes before the card.
          expect(card.preload.includes(episode.image)).toBe(eager);
        }
      }
    },
  );

  it('writes marked words in <mark> and escapes text as React does', () => {
    expect(markedHtml([{ text: 'a<b' }, { text: '&', mark: true }, { text: '\'"' }])).toBe('a&lt;b<mark>&amp;</mark>&#x27;&quot;');
    expect(markedHtml([{ text: 'one' }, { text: 'two' }])).toBe('one<!-- -->two');
  });

  it('has no template for a card whose slots are not where they belong', () => {
    const cards = createSearchCards(() => '<article>no slots here</article>');
    expect(cards.fill({ episode, title: [], excerpt: { source: 'description', pieces: [] } }, true)).toBeUndefined();
  });
});
