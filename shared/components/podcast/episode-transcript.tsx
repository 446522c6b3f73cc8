/**
 * The episode's transcript (WCAG 1.2.1) under its own heading. A timed transcript (WebVTT or SRT)
 * is shown as it is, inline, with its moments (timed-transcript.tsx). A Markdown one is folded
 * into a native <details>: it opens without JavaScript and by keyboard (Enter or Space on the
 * summary); closed, its text is still in the page, so the browser's find-in-page searches it
 * (Chromium opens the disclosure on a match). Episodes without one say so and offer a transcript
 * by email, as the accessibility statement promises.
 */
import type { Episode } from '../../content/types';
import { EmailLink } from '../email-link';
import type { EpisodeWords } from './episode-words';
import { TimedTranscript, TRANSCRIPT_HEADING_ID as HEADING_ID } from './timed-transcript';
import type { TranscriptItem } from './transcript-view';

interface EpisodeTranscriptProps {
  episode: Episode;
  /** The timed transcript, laid out (transcript-view.ts); absent when the episode has none. */
  timed?: TranscriptItem[];
  words: EpisodeWords;
}

export function EpisodeTranscript({ episode, timed, words }: EpisodeTranscriptProps) {
  const { transcript } = episode;
  if (timed) return <TimedTranscript key={episode.id} episode={episode} items={timed} words={words} />;
  return (
    <section className="container episode-transcript below-fold" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID}>{words.transcript}</h2>
      {transcript && transcript.length > 0 ? (
        <details className="episode-transcript__details">
          <summary className="episode-transcript__summary">{words.readTranscript}</summary>
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
