/**
 * Search result pages made without rendering the page (decision 018). Two
 * searches' documents differ in three places only: the episodes section
 * (results, heading, the form's value, the pages), the image preloads React
 * hoists into <head> for the first cards, and the search in the payload.
 * So the first search of a content version renders a whole page once, as
 * the shell, and cuts it at those three places. Every search after fills in
 * its section's frame (EpisodesSection, the component the page itself
 * renders, with no cards) from a template made once per shape of results
 * (./search-frames.ts), lays in its cards from templates made once per
 * episode (./search-cards.ts), serializes its search, and lays the three
 * into the shell: React renders nothing for it. The bytes are the
 * renderer's: the shell checks its own probe card and a probe frame, and
 * test/http/search-pages.test.ts compares whole pages.
 * gzip is assembled the same way: the shell's parts are compressed once,
 * hard, and only the three new parts per request.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from 'react-router-dom';
import type { LoaderFunction, LoaderFunctionArgs, StaticHandlerContext } from 'react-router-dom';
import type { Logger } from 'pino';
import type { DocumentAssets } from '../../shared/app-payload';
import type { Episode } from '../../shared/content/types';
import { DocumentContext } from '../../shared/document-context';
import { EpisodeCard } from '../../shared/components/podcast/episode-card';
import { EAGER_CARDS, EpisodesSection } from '../../shared/pages/podcast-page';
import type { PodcastPageData } from '../../shared/pages/podcast-page';
import { paths } from '../../shared/paths';
import type { EpisodeSearchResult } from '../../shared/rules/episode-search';
import { jsonForScriptElement } from '../../shared/script-json';
import { freshBody, hashOf } from './encoded-body';
import type { EncodedBody } from './encoded-body';
import { deflateSegment, gzipOfSegments, storedSegment } from './gzip-segments';
import type { DeflatedSegment } from './gzip-segments';
import type { PageRenderer } from './render-page';
import { createSearchCards } from './search-cards';
import type { SearchCards } from './search-cards';
import { createSearchFrames } from './search-frames';
import type { SearchFrames, SearchOnPage } from './search-frames';

/** The route whose data is the search (shared/routes.tsx). */
const PODCAST_ROUTE_ID = 'podcast-page';
/** Kept parts are compressed once, as hard as gzip goes; a request's own parts fast. */
const SHELL_LEVEL = 9;
const REQUEST_LEVEL = 1;
/** A request's part shorter than this (the preloads) is stored: starting zlib would cost more than it saves. */
const STORE_BELOW = 1024;
/**
 * The shell's one result: an episode whose cover is an address no page has,
 * so its preload link marks where a search's preloads go.
 */
const PROBE_IMAGE = '/search-shell-probe.svg';
const PROBE_EPISODE: Episode = {
  id: 'search-shell-probe',
  number: '',
  title: 'Search shell',
  date: '',
  published: '2000-01-01',
  duration: '',
  description: 'Search shell',
  image: PROBE_IMAGE,
  listenUrl: '#',
  isYouTube: false,
  isSpotifyVideo: false,
  actions: null,
};
const PROBE_RESULT: EpisodeSearchResult = {
  episode: PROBE_EPISODE,
  title: [{ text: 'Search' }, { text: 'shell', mark: true }],
  excerpt: { source: 'description', pieces: [{ text: 'Search ' }, { text: 'shell', mark: true }] },
};
/** A query with every character React escapes or a link encodes, and the frames' own slot, for the probe frame. */
const PROBE_QUERY = `"tax" & <estate> 'trust' 50%+fee a/b?c#d=e “é” \uE002`;

/** The element the podcast route shows: a section, or one card. */
function ElementRoute() {
  return useLoaderData() as ReactElement;
}

interface Shell {
  /** The first search's own context: a search's context is this one with its own URL and page data. */
  base: StaticHandlerContext;
  /** The podcast route's loader, which makes a search's page data. */
  loader: LoaderFunction | undefined;
  /** The four parts around the preloads, the section and the search, compressed. */
  parts: [DeflatedSegment, DeflatedSegment, DeflatedSegment, DeflatedSegment];
  /** Names the shell in every search's ETag. */
  id: string;
  assets: DocumentAssets;
  cards: SearchCards;
  /** Null when the probe frame made from its template was not React's: frames are then rendered by React. */
  frames: SearchFrames | null;
  /** The list's opening tag, and what wraps each card in it. */
  list: { open: string; itemOpen: string; itemClose: string };
}

export type SearchPages = ReturnType<typeof createSearchPages>;

/** The section of a page with `data`, results taken out: cards are laid in by the caller. */
function withoutCards(data: PodcastPageData): PodcastPageData {
  const search = data.search!;
  return { ...data, search: { ...search, results: { ...search.results, items: [] } } };
}

/** The page data of a search, as against an invalid search's 400 or the plain list. */
function isSearchPage(value: unknown): value is PodcastPageData {
  return typeof value === 'object' && value !== null && 'search' in value && !(value instanceof Response);
}

export function createSearchPages(renderer: PageRenderer, siteUrl: string) {
  const routes = createStaticHandler([{ id: PODCAST_ROUTE_ID, path: paths.podcast, Component: ElementRoute }]).dataRoutes;
  const podcastMatch = { params: {}, pathname: paths.podcast, pathnameBase: paths.podcast, route: routes[0]! };
  // Undefined until the first search; null when the page could not be cut (every search is then rendered whole).
  let shell: Shell | null | undefined;

  /** `element` as React renders it on the podcast page of `context`: the image preloads it hoists first. */
  function renderOnPage(context: StaticHandlerContext, assets: DocumentAssets, element: ReactElement): string {
    const pageContext: StaticHandlerContext = {
      ...context,
      matches: [podcastMatch],
      loaderData: { [PODCAST_ROUTE_ID]: element },
      errors: null,
    };
    return renderToString(
      <DocumentContext.Provider value={{ assets, payloadJson: '', inlineStyles: '' }}>
        <StaticRouterProvider router={createStaticRouter(routes, pageContext)} context={pageContext} hydrate={false} />
      </DocumentContext.Provider>,
    );
  }

  /** The section of a search page with `search`, without its cards, as React renders it. */
  function renderFrame(context: StaticHandlerContext, assets: DocumentAssets, search: SearchOnPage): string {
    const data = context.loaderData[PODCAST_ROUTE_ID] as PodcastPageData;
    return renderOnPage(context, assets, <EpisodesSection data={withoutCards({ ...data, search })} />);
  }

  /** Preloads and section of a search page: frame and cards from their templates; undefined if a card has none. */
  function renderSection(
    context: StaticHandlerContext,
    own: Pick<Shell, 'assets' | 'cards' | 'frames' | 'list'>,
  ): { preloads: string; section: string } | undefined {
    const data = context.loaderData[PODCAST_ROUTE_ID] as PodcastPageData;
    const render = (search: SearchOnPage) => renderFrame(context, own.assets, search);
    const frame = own.frames?.fill(data.search!, render) ?? render(data.search!);
    const items = data.search!.results.items;
    if (items.length === 0) return { preloads: '', section: frame };
    const preloads = new Set<string>();
    let cards = '';
    for (const [index, result] of items.entries()) {
      const card = own.cards.fill(result, index < EAGER_CARDS);
      if (!card) return undefined;
      // React hoists one preload per image, however many cards show it.
      if (card.preload) preloads.add(card.preload);
      cards += own.list.itemOpen + card.html + own.list.itemClose;
    }
    const at = frame.indexOf(own.list.open) + own.list.open.length;
    if (at < own.list.open.length) return undefined;
    return { preloads: [...preloads].join(''), section: frame.slice(0, at) + cards + frame.slice(at) };
  }

  async function makeShell(context: StaticHandlerContext, log: Logger): Promise<Shell | null> {
    const data = context.loaderData[PODCAST_ROUTE_ID] as PodcastPageData;
    const probeSearch: NonNullable<PodcastPageData['search']> = {
      q: 'shell',
      results: { items: [PROBE_RESULT], page: 1, pageCount: 1, totalItems: 1 },
    };
    const probe: PodcastPageData = { ...data, search: probeSearch };
    const shellContext = { ...context, loaderData: { ...context.loaderData, [PODCAST_ROUTE_ID]: probe } };
    const page = await renderer.render(shellContext, log);
    const { assets, payloadJson } = renderer.payloadOf(shellContext);
    if (page.status !== 200) return cannotCut(log, `the shell answered ${page.status}`);

    // The probe's section as React renders it, and the same made here: the list's tags come from React's.
    const whole = renderOnPage(shellContext, assets, <EpisodesSection data={probe} />);
    const cards = createSearchCards((result, eager) =>
      renderOnPage(
        shellContext,
        assets,
        <EpisodeCard episode={result.episode} eager={eager} match={result} transcriptLabels={data.searchCopy} />,
      ),
    );
    const card = cards.fill(PROBE_RESULT, true);
    const cardAt = card ? whole.indexOf(card.preload + '<section') : -1;
    const articleAt = card ? whole.indexOf(card.html) : -1;
    if (!card || cardAt !== 0 || !card.preload.includes(PROBE_IMAGE) || articleAt === -1) {
      return cannotCut(log, 'the probe card made from its template is not the one React renders');
    }
    const itemAt = whole.lastIndexOf('<li', articleAt);
    const listAt = whole.lastIndexOf('<ul', itemAt);
    const list = { open: whole.slice(listAt, itemAt), itemOpen: whole.slice(itemAt, articleAt), itemClose: '</li>' };
    const made = renderSection(shellContext, { assets, cards, frames: null, list });
    if (!made || made.preloads + made.section !== whole)
      return cannotCut(log, 'the probe section laid from its cards is not the one React renders');

    // A frame filled in from its template against React's, for a query that needs every escape and encoding.
    let frames: SearchFrames | null = createSearchFrames();
    const probeFrame = { ...probeSearch, q: PROBE_QUERY };
    const renderProbeFrame = (search: SearchOnPage) => renderFrame(shellContext, assets, search);
    if (frames.fill(probeFrame, renderProbeFrame) !== renderProbeFrame(probeFrame)) {
      log.error('search pages: the probe frame made from its template is not the one React renders; React renders every frame');
      frames = null;
    }

    // Each cut must be found exactly once, in this order; else the page is not what this module expects.
    const payloadSearch = jsonForScriptElement(probeSearch);
    if (!payloadJson.includes(payloadSearch)) return cannotCut(log, "the payload does not hold the search's JSON as it is");
    const cuts: number[] = [];
    let from = 0;
    for (const piece of [made.preloads, made.section, payloadSearch]) {
      const at = page.html.indexOf(piece, from);
      if (at === -1 || page.html.indexOf(piece, at + 1) !== -1) return cannotCut(log, 'a part is missing or repeated');
      cuts.push(at, at + piece.length);
      from = at + piece.length;
    }
    const [p0, p1, s0, s1, j0, j1] = cuts as [number, number, number, number, number, number];
    const texts = [page.html.slice(0, p0), page.html.slice(p1, s0), page.html.slice(s1, j0), page.html.slice(j1)];
    const leaf = context.matches.at(-1)?.route;
    return {
      base: context,
      loader: leaf?.id === PODCAST_ROUTE_ID && typeof leaf.loader === 'function' ? leaf.loader : undefined,
      assets,
      cards,
      frames,
      list,
      parts: texts.map((text) => deflateSegment(Buffer.from(text), SHELL_LEVEL)) as Shell['parts'],
      id: hashOf(...texts),
    };
  }

  function cannotCut(log: Logger, why: string): null {
    log.error({ why }, 'search pages: the podcast page could not be cut into a shell; every search renders the whole page');
    return null;
  }

  /** A request's own part, compressed on its own: stored when short. */
  const segmentOf = (text: Buffer): DeflatedSegment =>
    text.length < STORE_BELOW ? storedSegment(text) : deflateSegment(text, REQUEST_LEVEL);

  return {
    /**
     * A search's context without React Router's query, which costs more than
     * the search itself: the podcast route's own loader, called on the URL,
     * in the context of the search that made the shell (the same routes
     * matched, the same site data). Undefined before the shell is made, and
     * when the loader answers anything but a search page (an invalid search's
     * 400): React Router's query then runs as for any page.
     */
    contextFor(url: string): StaticHandlerContext | undefined {
      if (!shell?.loader) return undefined;
      const href = new URL(url, siteUrl);
      let data: unknown;
      try {
        // The loaders read the request's URL only (server/pages/route-loaders.ts).
        data = shell.loader({ request: { url: href.href }, params: {}, context: undefined } as unknown as LoaderFunctionArgs);
      } catch {
        return undefined;
      }
      if (!isSearchPage(data)) return undefined;
      const location = { ...shell.base.location, pathname: href.pathname, search: href.search, hash: '' };
      return { ...shell.base, location, loaderData: { ...shell.base.loaderData, [PODCAST_ROUTE_ID]: data } };
    },

    /**
     * The document of a search page (status 200), or undefined when there is
     * no shell, in which case the caller renders the whole page.
     */
    async document(context: StaticHandlerContext, log: Logger): Promise<EncodedBody | undefined> {
      if (shell === undefined) shell = await makeShell(context, log);
      if (!shell) return undefined;
      const data = context.loaderData[PODCAST_ROUTE_ID] as PodcastPageData;
      let rendered: { preloads: string; section: string } | undefined;
      try {
        rendered = renderSection(context, shell);
      } catch (error) {
        // The whole page's renderer shows a component that throws as the error screen would.
        log.error({ err: error }, 'search section failed to render; rendering the whole page');
        return undefined;
      }
      if (!rendered) {
        log.error('a search card has no template; rendering the whole page');
        return undefined;
      }
      const own = [rendered.preloads, rendered.section, jsonForScriptElement(data.search)].map((text) => Buffer.from(text));
      const [p0, p1, p2, p3] = shell.parts;
      // The whole text only for a client that takes it uncompressed: most take gzip, laid from the parts.
      const html = () => Buffer.concat([p0.text, own[0]!, p1.text, own[1]!, p2.text, own[2]!, p3.text]);
      // The shell and the three parts, with their lengths so no two cuts of the same bytes share a tag.
      const etag = hashOf(shell.id, own.map((part) => part.length).join(','), ...own);
      return freshBody(html, etag, () => gzipOfSegments([p0, segmentOf(own[0]!), p1, segmentOf(own[1]!), p2, segmentOf(own[2]!), p3]));
    },
  };
}
