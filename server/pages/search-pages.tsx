/**
 * Search result pages made without rendering the page (decision 018). Two
 * searches' documents differ in three places only: the episodes section
 * (results, heading, the form's value, the pages), the image preloads React
 * hoists into <head> for the first cards, and the page data in the payload.
 * So the first search of a content version renders a whole page once, as
 * the shell, and cuts it at those three places; every search after renders
 * only its section with React (EpisodesSection, the component the page
 * itself renders, in a router of its own), serializes its payload, and lays
 * them into the shell. The bytes are the renderer's: test/http/search-pages.test.ts
 * compares them. gzip is assembled the same way: the shell's parts are
 * compressed once, hard, and only the three new parts per request.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from 'react-router-dom';
import type { StaticHandlerContext } from 'react-router-dom';
import type { Logger } from 'pino';
import type { DocumentAssets } from '../../shared/app-payload';
import type { Episode } from '../../shared/content/types';
import { DocumentContext } from '../../shared/document-context';
import { EpisodesSection } from '../../shared/pages/podcast-page';
import type { PodcastPageData } from '../../shared/pages/podcast-page';
import { paths } from '../../shared/paths';
import { freshBody, hashOf } from './encoded-body';
import type { EncodedBody } from './encoded-body';
import { deflateSegment, gzipOfSegments } from './gzip-segments';
import type { DeflatedSegment } from './gzip-segments';
import type { PageRenderer } from './render-page';

/** The route whose data is the search (shared/routes.tsx). */
const PODCAST_ROUTE_ID = 'podcast-page';
/** Kept parts are compressed once, as hard as gzip goes; a request's own parts fast. */
const SHELL_LEVEL = 9;
const REQUEST_LEVEL = 1;
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
};

function SectionRoute() {
  return <EpisodesSection data={useLoaderData() as PodcastPageData} />;
}

interface Shell {
  /** The four parts around the preloads, the section and the payload, compressed. */
  parts: [DeflatedSegment, DeflatedSegment, DeflatedSegment, DeflatedSegment];
  /** Names the shell in every search's ETag. */
  id: string;
}

export type SearchPages = ReturnType<typeof createSearchPages>;

export function createSearchPages(renderer: PageRenderer) {
  const sectionRoutes = createStaticHandler([{ id: PODCAST_ROUTE_ID, path: paths.podcast, Component: SectionRoute }]).dataRoutes;
  const sectionMatch = { params: {}, pathname: paths.podcast, pathnameBase: paths.podcast, route: sectionRoutes[0]! };
  // Undefined until the first search; null when the page could not be cut (every search is then rendered whole).
  let shell: Shell | null | undefined;

  /** The section of the page `context` shows, as React renders it: image preloads first, then the <section>. */
  function renderSection(context: StaticHandlerContext, assets: DocumentAssets): { preloads: string; section: string } {
    const sectionContext: StaticHandlerContext = {
      ...context,
      matches: [sectionMatch],
      loaderData: { [PODCAST_ROUTE_ID]: context.loaderData[PODCAST_ROUTE_ID] },
      errors: null,
    };
    const html = renderToString(
      <DocumentContext.Provider value={{ assets, payloadJson: '' }}>
        <StaticRouterProvider router={createStaticRouter(sectionRoutes, sectionContext)} context={sectionContext} hydrate={false} />
      </DocumentContext.Provider>,
    );
    const start = html.indexOf('<section');
    return { preloads: html.slice(0, start), section: html.slice(start) };
  }

  async function makeShell(context: StaticHandlerContext, log: Logger): Promise<Shell | null> {
    const data = context.loaderData[PODCAST_ROUTE_ID] as PodcastPageData;
    const probe: PodcastPageData = {
      ...data,
      search: {
        q: 'shell',
        results: {
          items: [{ episode: PROBE_EPISODE, title: [{ text: PROBE_EPISODE.title }], excerpt: { source: 'description', pieces: [] } }],
          page: 1,
          pageCount: 1,
          totalItems: 1,
        },
      },
    };
    const shellContext = { ...context, loaderData: { ...context.loaderData, [PODCAST_ROUTE_ID]: probe } };
    const page = await renderer.render(shellContext, log);
    const { assets, payloadJson } = renderer.payloadOf(shellContext);
    const { preloads, section } = renderSection(shellContext, assets);
    if (page.status !== 200) return cannotCut(log, `the shell answered ${page.status}`);
    if (!preloads.includes(PROBE_IMAGE)) return cannotCut(log, 'the probe card has no preload');
    // Each cut must be found exactly once, in this order; else the page is not what this module expects.
    const cuts: number[] = [];
    let from = 0;
    for (const piece of [preloads, section, payloadJson]) {
      const at = page.html.indexOf(piece, from);
      if (at === -1 || page.html.indexOf(piece, at + 1) !== -1) return cannotCut(log, 'a part is missing or repeated');
      cuts.push(at, at + piece.length);
      from = at + piece.length;
    }
    const [p0, p1, s0, s1, j0, j1] = cuts as [number, number, number, number, number, number];
    const texts = [page.html.slice(0, p0), page.html.slice(p1, s0), page.html.slice(s1, j0), page.html.slice(j1)];
    return {
      parts: texts.map((text) => deflateSegment(Buffer.from(text), SHELL_LEVEL)) as Shell['parts'],
      id: hashOf(...texts),
    };
  }

  function cannotCut(log: Logger, why: string): null {
    log.error({ why }, 'search pages: the podcast page could not be cut into a shell; every search renders the whole page');
    return null;
  }

  return {
    /**
     * The document of a search page (status 200), or undefined when there is
     * no shell, in which case the caller renders the whole page.
     */
    async document(context: StaticHandlerContext, log: Logger): Promise<EncodedBody | undefined> {
      if (shell === undefined) shell = await makeShell(context, log);
      if (!shell) return undefined;
      const { assets, payloadJson } = renderer.payloadOf(context);
      let rendered: { preloads: string; section: string };
      try {
        rendered = renderSection(context, assets);
      } catch (error) {
        // The whole page's renderer shows a component that throws as the error screen would.
        log.error({ err: error }, 'search section failed to render; rendering the whole page');
        return undefined;
      }
      const own = [rendered.preloads, rendered.section, payloadJson].map((text) => Buffer.from(text));
      const [p0, p1, p2, p3] = shell.parts;
      const html = Buffer.concat([p0.text, own[0]!, p1.text, own[1]!, p2.text, own[2]!, p3.text]);
      // The shell and the three parts, with their lengths so no two cuts of the same bytes share a tag.
      const etag = hashOf(shell.id, own.map((part) => part.length).join(','), ...own);
      return freshBody(html, etag, () =>
        gzipOfSegments([
          p0,
          deflateSegment(own[0]!, REQUEST_LEVEL),
          p1,
          deflateSegment(own[1]!, REQUEST_LEVEL),
          p2,
          deflateSegment(own[2]!, REQUEST_LEVEL),
          p3,
        ]),
      );
    },
  };
}
