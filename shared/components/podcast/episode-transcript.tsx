/**
 * The episode's transcript (WCAG 1.2.1) under its own heading, folded into a
 * native <details>: it opens without JavaScript and by keyboard (Enter or
 * Space on the summary); closed, its text is still in the page, so the
 * browser's find-in-page searches it (Chromium opens the disclosure on a match).
 * Episodes without one say so and offer a transcript by email, as the
 * accessibility statement promises.
 */
import type { Episode } from '../../content/types';
import { EmailLink } from '../email-link';

const HEADING_ID = 'transcript-heading';

export function EpisodeTranscript({ episode }: { episode: Episode }) {
  const { transcript } = episode;
  return (
    <section className="container episode-transcript" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID}>Transcript</h2>
      {transcript && transcript.length > 0 ? (
        <details className="episode-transcript__details">
          <summary className="episode-transcript__summary">Read the transcript</summary>
          <div className="episode-transcript__turns">
            {transcript.map((turn, index) => (
              <p key={index} className="episode-transcript__turn">
                {turn.speaker && (
                  <>
                    <strong className="episode-transcript__speaker">{turn.speaker}:</strong>{' '}
                  </>
                )}
                {turn.text}
              </p>
            ))}
          </div>
        </details>
      ) : (
        <p className="episode-transcript__missing">
          A transcript of this episode is not online yet. Email <EmailLink subject={`Transcript request: ${episode.title}`} /> and we will
          send you one.
        </p>
      )}
    </section>
  );
}
