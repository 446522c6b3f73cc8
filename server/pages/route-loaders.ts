/**
 * The server side of every route's loader: page data picked from the
 * published content (server/content/publication.ts), with the page's head. Everything that does not depend on the URL is
 * built once, when the loaders are created; per request a loader only picks.
 * The browser gets the same objects as JSON (hydration payload, /_data/…).
 */
import { data } from 'react-router-dom';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router-dom';
import { EPISODES_PER_PAGE } from '../../shared/constants';
import type { Episode, Person, ServiceSlug } from '../../shared/content/types';
import type { PageHead } from '../../shared/page-head';
import type { BadRequestScreen } from '../../shared/components/route-error-boundary';
import type { ContactPageData } from '../../shared/pages/contact-page';
import type { EpisodePageData } from '../../shared/pages/episode-page';
import { transcriptItems } from '../../shared/components/podcast/transcript-view';
import type { HomePageData } from '../../shared/pages/home-page';
import type { LegalPageData } from '../../shared/pages/legal-page';
import type { PersonNotFoundData, PersonPageData } from '../../shared/pages/person-page';
import type { PodcastPageData } from '../../shared/pages/podcast-page';
import type { PressPageData } from '../../shared/pages/press-page';
import type { ServicePageData } from '../../shared/pages/service-page';
import type { TermsPageData } from '../../shared/pages/terms-page';
import { paths } from '../../shared/paths';
import type { PageRouteId, RouteLoaders } from '../../shared/routes';
import { servicePageRouteIds, servicePathOf } from '../../shared/routes';
import { pageCount, paginate, parsePageParam } from '../../shared/rules/pagination';
import { newsletterFormState } from '../../shared/rules/newsletter';
import { contactFormState } from '../../shared/rules/contact-message';
import { readSearchRequest } from '../../shared/rules/episode-search';
import { chooseEpisodeMedia } from '../../shared/rules/episode-media';
import { episodeLength } from '../../shared/rules/episode-moment';
import { createEpisodeSearch } from './episode-search';
import type { SiteData } from '../../shared/site-data';
import type { SiteContent } from '../content/publication';
import { createPageHeads } from './head-metadata';
import type { PageHeadSite } from './head-metadata';

/** Spec §9: the home page shows three press articles, the newest first. */
const LATEST_ARTICLE_COUNT = 3;

/** How long the episode runs, when its content says: the player's chapter track is laid out on it. */
function lengthOf({ duration, chapters, timedTranscript }: Episode): Pick<EpisodePageData, 'lengthSeconds'> {
  const seconds = episodeLength({ duration, chapters, transcriptEnd: timedTranscript?.paragraphs.at(-1)?.end });
  return seconds === undefined ? {} : { lengthSeconds: seconds };
}

/** What a list card needs of an episode: everything but the long texts of its own page. */
function episodeSummary(episode: Episode): Episode {
  const { transcript: _transcript, timedTranscript: _timed, chapters: _chapters, body: _body, ...summary } = episode;
  return summary;
}

/** A 400 that says what was wrong with the request and where to go instead, on a screen with its own head. */
function badRequest(head: PageHead, screen: BadRequestScreen): never {
  throw data({ head, ...screen }, { status: 400, statusText: 'Bad Request' });
}

/** A 404 whose data carries the head of the screen that shows it. */
function notFound(head: PageHead): never {
  throw data({ head }, { status: 404, statusText: 'Not Found' });
}

export function createRouteLoaders(site: PageHeadSite, content: SiteContent): RouteLoaders {
  const headFor = createPageHeads(site, content);
  const { firm, author, book, podcast, externalUrls, mainNav, footerGroups, socialLinks, regulatoryLinks } = content.site;
  const { hero, sectionIntros, services, aboutIntro, aboutChecklist, aboutTiles, processSteps, featuredPublications } = content.home;
  const { podcastIntro, bookBlurb, ctaBand, newsletterCopy } = content.home;
  const { episodes, podcastPage } = content;
  const urlOf = ({ request }: LoaderFunctionArgs) => new URL(request.url);

  const siteData: SiteData = {
    firm,
    podcastName: podcast.name,
    externalUrls,
    mainNav,
    footerGroups: footerGroups.map((group) => ({ title: group.title, links: group.links === 'mainNav' ? mainNav : group.links })),
    socialLinks,
    regulatoryLinks,
    newsletterCopy,
    redirects: content.redirects,
    errorHead: headFor({ kind: 'error' }),
  };

  // The home page features the newest episode; the loader keeps at least one public.
  const featured = episodes[0]!;
  const home: Omit<HomePageData, 'newsletter'> = {
    head: { ...headFor({ kind: 'home' }), lcpImage: hero.video.poster },
    hero,
    featuredPublications: [...featuredPublications],
    intros: sectionIntros,
    services: [...services],
    about: { intro: aboutIntro, checklist: aboutChecklist, tiles: aboutTiles },
    processSteps: [...processSteps],
    authorBook: {
      book: { title: book.title, cover: book.cover, blurb: bookBlurb },
      author: { name: author.name, credentials: author.credentials, portrait: author.portrait },
    },
    latestArticles: content.press.slice(0, LATEST_ARTICLE_COUNT),
    podcastIntro: {
      ...podcastIntro,
      episode: {
        id: featured.id,
        title: featured.title,
        description: featured.description,
        duration: featured.duration,
        image: featured.image,
      },
      applePodcastsUrl: featured.applePodcastsUrl ?? externalUrls.applePodcasts,
      spotifyUrl: featured.spotifyUrl ?? externalUrls.spotifyShow,
    },
    ctaBand,
  };
  const press: Omit<PressPageData, 'newsletter'> = {
    head: headFor({ kind: 'press' }),
    intro: content.pressPage.intro,
    items: content.press,
  };
  const contact: Omit<ContactPageData, 'newsletter' | 'contactForm'> = {
    head: headFor({ kind: 'page', page: 'contact' }),
    contact: content.contact,
  };
  // The head already carries each page's meta description and tab title.
  const legalDocument = ({ metaDescription: _description, headTitle: _title, ...document }: SiteContent['privacy']) => document;
  const privacy: LegalPageData = { head: headFor({ kind: 'page', page: 'privacy' }), document: legalDocument(content.privacy) };
  const accessibility: LegalPageData = {
    head: headFor({ kind: 'page', page: 'accessibility' }),
    document: legalDocument(content.accessibility),
  };
  const terms: TermsPageData = {
    head: headFor({ kind: 'page', page: 'terms' }),
    terms: (({ metaDescription: _description, ...terms }) => terms)(content.terms),
  };

  const totalPages = pageCount(episodes.length, EPISODES_PER_PAGE);
  const summaries = episodes.map(episodeSummary);
  const podcastPages: PodcastPageData[] = Array.from({ length: totalPages }, (_, index) => ({
    head: { ...headFor({ kind: 'podcast', page: index + 1, pageCount: totalPages }), lcpImage: podcastPage.heroVideo.poster },
    hero: { title: podcastPage.title, intro: podcastPage.intro, video: podcastPage.heroVideo },
    searchCopy: podcastPage.search,
    list: paginate(summaries, index + 1, EPISODES_PER_PAGE),
  }));
  // Searches (/podcast?q=…&format=…) are answered from an index built once here; each answer is small and made per request.
  const episodeSearch = createEpisodeSearch(episodes, episodeSummary);
  const searchHead = headFor({ kind: 'podcast-search' });
  const invalidSearchHead = headFor({ kind: 'podcast-search-invalid' });

  // A timed transcript goes to the page laid out (passages, chapter headings, ids), not as the episode's cues.
  const episodePage = (full: Episode): EpisodePageData => {
    const { timedTranscript, ...episode } = full;
    return {
      head: headFor({ kind: 'episode', episode: full }),
      episode,
      media: chooseEpisodeMedia(full),
      ...lengthOf(full),
      comingSoonNote: podcastPage.comingSoonNote,
      words: { ...podcastPage.episode, disclosureLabel: podcastPage.people.disclosureLabel },
      ...(timedTranscript
        ? {
            timedTranscript: transcriptItems(timedTranscript.paragraphs, episode.chapters ?? [], [
              ...(episode.hosts ?? []),
              ...(episode.guests ?? []),
            ]),
          }
        : {}),
    };
  };
  const episodePages = new Map<string, EpisodePageData>(episodes.map((episode) => [episode.id, episodePage(episode)]));
  // A page per host and guest a public episode names (publication.ts); anyone else, a draft's guest included, is a 404.
  const { notFoundTitle, notFoundText, notFoundDescription: _description, notFoundBack, ...personCopy } = podcastPage.people;
  const summaryById = new Map(summaries.map((summary) => [summary.id, summary]));
  const personPage = (whole: Person): PersonPageData => {
    const { bioText: _bioText, episodes: ids, client: _client, paid: _paid, ...person } = whole;
    return { head: headFor({ kind: 'person', person: whole }), person, episodes: ids.map((id) => summaryById.get(id)!), copy: personCopy };
  };
  const personPages = new Map(content.people.map((person) => [person.id, personPage(person)]));
  const personNotFound: PersonNotFoundData = {
    head: headFor({ kind: 'not-found', what: 'person' }),
    screen: { title: notFoundTitle, message: notFoundText, back: { to: paths.podcast, label: notFoundBack } },
  };

  const servicePagesData = new Map<string, ServicePageData>(
    (Object.keys(content.services) as ServiceSlug[]).map((slug) => [
      slug,
      { head: headFor({ kind: 'service', slug }), page: content.services[slug] },
    ]),
  );
  const pageNotFound = headFor({ kind: 'not-found', what: 'page' });
  const episodeNotFound = headFor({ kind: 'not-found', what: 'episode' });

  /** Pages with the sign-up form also say where a plain form post returns to, and what it brought back. */
  const withNewsletter =
    <T extends object>(page: T, path: string): LoaderFunction =>
    (args) => ({ ...page, newsletter: newsletterFormState(urlOf(args), path) });

  const servicePageLoaders = Object.fromEntries(
    servicePageRouteIds.map((id) => {
      const page = servicePagesData.get(servicePathOf(id));
      if (!page) throw new Error(`No service page content for route ${id}`);
      return [id, () => page];
    }),
  ) as unknown as Record<(typeof servicePageRouteIds)[number], LoaderFunction>;

  const loaders: Record<PageRouteId, LoaderFunction> = {
    ...servicePageLoaders,
    'home-page': withNewsletter(home, paths.home),
    'podcast-page': (args) => {
      const params = urlOf(args).searchParams;
      const request = readSearchRequest(params);
      if (request.kind === 'invalid') {
        return badRequest(invalidSearchHead, {
          title: podcastPage.search.invalidTitle,
          message: request.message,
          back: { to: paths.podcast, label: podcastPage.search.showAll },
        });
      }
      if (request.kind === 'search') {
        const hits = episodeSearch.search(request.search);
        const page = parsePageParam(params.get('page'), pageCount(hits.length, EPISODES_PER_PAGE));
        const shown = paginate(hits, page, EPISODES_PER_PAGE);
        const searchPage: PodcastPageData = {
          head: searchHead,
          hero: podcastPages[0]!.hero,
          searchCopy: podcastPage.search,
          search: { ...request.search, results: { ...shown, items: shown.items.map(episodeSearch.describe) } },
        };
        return searchPage;
      }
      const page = parsePageParam(params.get('page'), totalPages);
      return podcastPages[page - 1]!;
    },
    'episode-page': ({ params }) => episodePages.get(params.episodeId ?? '') ?? notFound(episodeNotFound),
    'person-page': ({ params }) => {
      const page = personPages.get(params.personId ?? '');
      if (!page) throw data(personNotFound, { status: 404, statusText: 'Not Found' });
      return page;
    },
    'press-page': withNewsletter(press, paths.press),
    'contact-page': (args) => ({
      ...contact,
      newsletter: newsletterFormState(urlOf(args), paths.contact),
      contactForm: contactFormState(urlOf(args)),
    }),
    'legal-page:privacy': () => privacy,
    'terms-page': () => terms,
    'legal-page:accessibility': () => accessibility,
    'not-found': () => notFound(pageNotFound),
  };

  return { site: () => siteData, page: (routeId) => loaders[routeId] };
}
