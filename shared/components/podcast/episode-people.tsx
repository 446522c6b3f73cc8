/**
 * Who is on an episode: "Hosted by … · With …", each name a link to the person's page, and the
 * firm's Marketing Rule disclosure of a client or paid guest next to their name (and again at the
 * start of the transcript, before their words: timed-transcript.tsx).
 */
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { Episode, PersonRef } from '../../content/types';
import { paths } from '../../paths';
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

/** The people's disclosures, each in its own note; nothing when none has one. */
export function EpisodeDisclosures({ episode, className }: { episode: Episode; className: string }) {
  const disclosed = [...(episode.hosts ?? []), ...(episode.guests ?? [])].filter((person) => person.disclosure);
  if (disclosed.length === 0) return null;
  return (
    <div className={`episode-disclosures ${className}`}>
      {disclosed.map((person) => (
        <p key={person.id} className="episode-disclosure">
          {person.disclosure}
        </p>
      ))}
    </div>
  );
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
      <EpisodeDisclosures episode={episode} className="episode-disclosures--hero" />
    </>
  );
}
