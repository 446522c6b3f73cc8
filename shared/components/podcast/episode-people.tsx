/**
 * Who is on an episode: "Hosted by … · With …", each name a link to the person's page, and the
 * firm's Marketing Rule disclosure of a client or paid guest next to their name (and again at the
 * start of the transcript, before their words: timed-transcript.tsx).
 */
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { Episode, PersonRef } from '../../content/types';
import { paths } from '../../paths';
import { Disclosure } from '../people/disclosure';
import type { EpisodeWords } from './episode-words';

function Names({ label, people }: { label: string; people: readonly PersonRef[] }) {
  return (
    <>
      {label}{' '}
      {people.map((person, index) => (
        <Fragment key={person.id}>
          {index > 0 && ', '}
          <Link to={paths.person(person.id)}>{person.name}</Link>
        </Fragment>
      ))}
    </>
  );
}

/** The disclosures of the episode's people, in one labelled note; nothing when none has one. */
export function EpisodeDisclosures({ episode, words, className }: { episode: Episode; words: EpisodeWords; className: string }) {
  const texts = [...(episode.hosts ?? []), ...(episode.guests ?? [])].flatMap((person) => (person.disclosure ? [person.disclosure] : []));
  return <Disclosure label={words.disclosureLabel} texts={texts} className={className} />;
}

export function EpisodePeople({ episode, words }: { episode: Episode; words: EpisodeWords }) {
  const { hosts = [], guests = [] } = episode;
  if (hosts.length + guests.length === 0) return null;
  return (
    <>
      <p className="episode-people">
        {hosts.length > 0 && <Names label={words.hostedBy} people={hosts} />}
        {hosts.length > 0 && guests.length > 0 && ' · '}
        {guests.length > 0 && <Names label={words.with} people={guests} />}
      </p>
      <EpisodeDisclosures episode={episode} words={words} className="disclosure--hero" />
    </>
  );
}
