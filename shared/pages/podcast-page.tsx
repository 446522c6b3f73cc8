import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { useLoaderData, useLocation } from 'react-router-dom';
import { EpisodeCard } from '../components/podcast/episode-card';
import { isPaginationNavigationState, PaginationNav } from '../components/podcast/pagination-nav';
import { PodcastHero } from '../components/podcast/podcast-hero';
import type { Episode, VideoAsset } from '../content/types';
import type { PageData } from '../page-head';
import { anchors, paths } from '../paths';
import type { Page } from '../rules/pagination';
import { useSiteData } from '../site-data';

const LIST_HEADING_ID = 'episodes-heading';
/** Cards of the first row may be on screen at load on wide screens; the others load lazily. */
const EAGER_CARDS = 3;

export interface PodcastPageData extends PageData {
  hero: { title: string; intro: string; video: VideoAsset };
  /** One page of the list, as parsed and clamped from ?page= on the server. */
  list: Page<Episode>;
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
  const { hero, list } = useLoaderData() as PodcastPageData;
  const { podcastName, externalUrls } = useSiteData();
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useRevealListAfterPaging(sectionRef, headingRef);

  return (
    <>
      <PodcastHero
        title={hero.title}
        eyebrow={podcastName}
        intro={hero.intro}
        video={hero.video}
        showLinks={{ applePodcasts: externalUrls.applePodcasts, spotify: externalUrls.spotifyShow }}
      />
      <section id={anchors.episodes} ref={sectionRef} className="section episodes-section" aria-labelledby={LIST_HEADING_ID}>
        <div className="container">
          <header className="list-header">
            <h2
              id={LIST_HEADING_ID}
              ref={headingRef}
              tabIndex={-1}
              className="episodes-section__heading list-header__heading"
            >
              Latest Episodes
            </h2>
            <p className="episodes-section__status list-header__count">
              {`Page ${list.page} of ${list.pageCount} (${list.totalItems} total episodes)`}
            </p>
          </header>
          <ul className="episode-grid grid-list">
            {list.items.map((episode, index) => (
              <li key={episode.id} className="episode-grid__item">
                <EpisodeCard episode={episode} eager={index < EAGER_CARDS} />
              </li>
            ))}
          </ul>
          <PaginationNav page={list.page} pageCount={list.pageCount} hrefFor={paths.podcastPage} label="Episode pages" />
        </div>
      </section>
    </>
  );
}
