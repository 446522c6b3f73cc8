import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router-dom';
import { ExternalLink } from '../components/external-link';
import { HydrateLater } from '../components/hydrate-later';
import { Icon } from '../components/icon';
import { Disclosure } from '../components/people/disclosure';
import { PersonPhoto } from '../components/people/person-photo';
import { EpisodeCard } from '../components/podcast/episode-card';
import { RichBlock } from '../components/service/rich-text';
import type { Episode, Person } from '../content/types';
import type { PageData } from '../page-head';
import { paths } from '../paths';

/** The fixed words of the page (content/pages/podcast.yaml, `people`). */
export interface PersonPageCopy {
  backLink: string;
  linksHeading: string;
  disclosureLabel: string;
  /** Followed by the person's name. */
  episodesHeading: string;
  episodeOne: string;
  episodeMany: string;
}

export interface PersonPageData extends PageData {
  /** What the page shows of the person; the plain-text bio is the head's description. */
  person: Pick<Person, 'id' | 'name' | 'role' | 'bio' | 'photo' | 'links' | 'disclosure'>;
  /** The public episodes that name them, newest first, as the list's cards need them. */
  episodes: Episode[];
  copy: PersonPageCopy;
}

/** What the 404 of an id that is no one's carries, besides its head: the screen, in the editor's words. */
export interface PersonNotFoundData extends PageData {
  screen: { title: string; message: string; back: { to: string; label: string } };
}

const NAME_ID = 'person-name';
const LINKS_HEADING_ID = 'person-links-heading';
const EPISODES_HEADING_ID = 'person-episodes-heading';

/** A host's or guest's page (/people/<id>): who they are, in the firm's words and theirs, and every episode they are in. */
export function Component() {
  const { person, episodes, copy } = useLoaderData() as PersonPageData;
  const count = `${episodes.length} ${episodes.length === 1 ? copy.episodeOne : copy.episodeMany}`;
  return (
    <article className="person" aria-labelledby={NAME_ID}>
      <header className="page-hero person-hero">
        <div className="container">
          <Link className="episode-hero__back" to={paths.podcast}>
            <Icon name="arrow-left" size={18} />
            {copy.backLink}
          </Link>
          <div className="person-hero__identity">
            {person.photo && <PersonPhoto className="person-hero__photo" src={person.photo} />}
            <div>
              <p className="eyebrow person-hero__role">{person.role}</p>
              <h1 id={NAME_ID} className="person-hero__name">
                {person.name}
              </h1>
            </div>
          </div>
        </div>
      </header>

      <div className="container section">
        <div className="person-about">
          <div className="person-about__bio">
            {person.bio.map((block, index) => (
              <RichBlock key={index} block={block} />
            ))}
          </div>
          {/* Marketing Rule: the firm's disclosure right after what is said of a client or paid guest, before their episodes. */}
          {person.disclosure && <Disclosure label={copy.disclosureLabel} texts={[person.disclosure]} className="disclosure--person" />}
          {person.links && (
            <section className="person-links" aria-labelledby={LINKS_HEADING_ID}>
              <h2 id={LINKS_HEADING_ID} className="person-links__heading">
                {copy.linksHeading}
              </h2>
              <ul className="person-links__list">
                {person.links.map((link) => (
                  <li key={link.url}>
                    <ExternalLink className="person-links__link" href={link.url}>
                      {link.label}
                    </ExternalLink>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      {/* The episode cards hydrate after the top of the page (decision 022). */}
      <HydrateLater>
        <section className="section episodes-section" aria-labelledby={EPISODES_HEADING_ID}>
          <div className="container">
            <header className="list-header">
              <h2 id={EPISODES_HEADING_ID} className="list-header__heading">
                {`${copy.episodesHeading} ${person.name}`}
              </h2>
              <p className="list-header__count">{count}</p>
            </header>
            <ul className="episode-grid grid-list">
              {episodes.map((episode) => (
                <li key={episode.id} className="episode-grid__item">
                  <EpisodeCard episode={episode} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      </HydrateLater>
    </article>
  );
}

function isPersonNotFound(value: unknown): value is PersonNotFoundData {
  const screen = (value as Partial<PersonNotFoundData> | null)?.screen;
  return typeof screen?.title === 'string' && typeof screen.message === 'string' && typeof screen.back?.to === 'string';
}

/** An id that is no one's (or no one's in public yet): a 404 that says so and leads back to the episodes. */
export function ErrorBoundary() {
  const error = useRouteError();
  // Anything else goes on to the layout's boundary.
  if (!isRouteErrorResponse(error) || error.status !== 404 || !isPersonNotFound(error.data)) throw error;
  const { title, message, back } = error.data.screen;
  // The markup of StatusScreen, written here: importing it would split it out of the route tree's chunk
  // into one more file that every page loads (the home page's JavaScript is at its budget).
  return (
    <section className="status-screen">
      <div className="container status-screen__inner">
        <h1>{title}</h1>
        <p>{message}</p>
        <Link className="button button--primary" to={back.to}>
          {back.label}
        </Link>
      </div>
    </section>
  );
}
