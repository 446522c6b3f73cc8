import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { HydrateLater } from '../components/hydrate-later';
import { EpisodeCard } from '../components/podcast/episode-card';
import { EpisodeSearchForm } from '../components/podcast/episode-search-form';
import type { EpisodeSearchCopy } from '../components/podcast/episode-search-form';
import { isPaginationNavigationState, PaginationNav } from '../components/podcast/pagination-nav';
import { PodcastHero } from '../components/podcast/podcast-hero';
import type { Episode, VideoAsset } from '../content/types';
import type { PageData } from '../page-head';
import { anchors, paths } from '../paths';
import type { Page } from '../rules/pagination';
import { searchHref } from '../rules/episode-search';
import type { EpisodeSearch, EpisodeSearchResult } from '../rules/episode-search';
import { useSiteData } from '../site-data';

const LIST_HEADING_ID = 'episodes-heading';
/** Cards of the first row may be on screen at load on wide screens; the others load lazily. */
export const EAGER_CARDS = 3;

export interface PodcastPageData extends PageData {
  hero: { title: string; intro: string; video: VideoAsset };
  searchCopy: EpisodeSearchCopy;
  /** One page of the list, as parsed and clamped from ?page= on the server; absent on a search. */
  list?: Page<Episode>;
  /** A search (?q=, ?format=): what was asked and one page of what was found, ranked. */
  search?: EpisodeSearch & { results: Page<EpisodeSearchResult> };
}

/** "3 episodes match “retirement”", or with a format alone "12 audio episodes". */
function resultsHeading(copy: EpisodeSearchCopy, search: EpisodeSearch, count: number): string {
  if (!search.q) return `${count} ${search.format === 'video' ? copy.videoEpisodes : copy.audioEpisodes}`;
  return `${count} ${count === 1 ? copy.matchOne : copy.matchMany} “${search.q}”${search.format ? ` (${copy[search.format]})` : ''}`;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * After a pagination link swapped the list in place, bring the list into view
 * and put keyboard and screen-reader users at its heading. Skipped on the
 * first render (a reload keeps the history state but must not jump).
 */
function useRevealListAfterPaging(section: RefObject<HTMLElement | null>, heading: RefObject<HTMLElement | null>) {
  const location = useLocation();
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key === firstKey.current || !isPaginationNavigationState(location.state)) return;
    section.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [location.key, location.state, section, heading]);
}

export function Component() {
  const data = useLoaderData() as PodcastPageData;
  const { podcastName, externalUrls } = useSiteData();
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useRevealListAfterPaging(sectionRef, headingRef);

  return (
    <>
      <PodcastHero
        title={data.hero.title}
        eyebrow={podcastName}
        intro={data.hero.intro}
        video={data.hero.video}
        showLinks={{ applePodcasts: externalUrls.applePodcasts, spotify: externalUrls.spotifyShow }}
      />
      {/* The list, its search form and pages hydrate after the hero (decision 022). */}
      <HydrateLater>
        <EpisodesSection data={data} sectionRef={sectionRef} headingRef={headingRef} />
      </HydrateLater>
    </>
  );
}

interface EpisodesSectionProps {
  data: Pick<PodcastPageData, 'list' | 'search' | 'searchCopy'>;
  sectionRef?: RefObject<HTMLElement | null>;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/**
 * The list, or a search's results, with the search form and the pages. Its
 * own component because it is all of a search page that depends on the
 * search: the server renders it alone into a page made once
 * (server/pages/search-pages.ts).
 */
export function EpisodesSection({ data: { list, search, searchCopy }, sectionRef, headingRef }: EpisodesSectionProps) {
  const shown = search ? search.results : list!;
  return (
    <section id={anchors.episodes} ref={sectionRef} className="section episodes-section" aria-labelledby={LIST_HEADING_ID}>
      <div className="container">
        <header className="list-header">
          <h2 id={LIST_HEADING_ID} ref={headingRef} tabIndex={-1} className="episodes-section__heading list-header__heading">
            {search ? resultsHeading(searchCopy, search, search.results.totalItems) : 'Latest Episodes'}
          </h2>
          {shown.totalItems > 0 ? (
            <p className="episodes-section__status list-header__count">
              {search
                ? `Page ${shown.page} of ${shown.pageCount}`
                : `Page ${shown.page} of ${shown.pageCount} (${shown.totalItems} total episodes)`}
            </p>
          ) : null}
        </header>
        <EpisodeSearchForm key={`${search?.q ?? ''}|${search?.format ?? ''}`} copy={searchCopy} search={search} />
        {search && search.results.totalItems === 0 ? (
          <div className="episode-search__empty">
            <p>{`${searchCopy.none}${search.q ? ` “${search.q}”` : ''}.`}</p>
            <p>{searchCopy.noneHint}</p>
            <Link className="button button--outline" to={paths.podcast}>
              {searchCopy.showAll}
            </Link>
          </div>
        ) : (
          <ul className="episode-grid grid-list">
            {search
              ? search.results.items.map((result, index) => (
                  <li key={result.episode.id} className="episode-grid__item">
                    <EpisodeCard episode={result.episode} eager={index < EAGER_CARDS} match={result} transcriptLabels={searchCopy} />
                  </li>
                ))
              : list!.items.map((episode, index) => (
                  <li key={episode.id} className="episode-grid__item">
                    <EpisodeCard episode={episode} eager={index < EAGER_CARDS} />
                  </li>
                ))}
          </ul>
        )}
        {search ? (
          <>
            <PaginationNav
              page={shown.page}
              pageCount={shown.pageCount}
              hrefFor={(page) => searchHref(paths.podcast, search, page)}
              label="Search result pages"
            />
            {shown.totalItems > 0 ? (
              <p className="episode-search__all">
                <Link to={paths.podcast}>{searchCopy.showAll}</Link>
              </p>
            ) : null}
          </>
        ) : (
          <PaginationNav page={shown.page} pageCount={shown.pageCount} hrefFor={paths.podcastPage} label="Episode pages" />
        )}
      </div>
    </section>
  );
}
