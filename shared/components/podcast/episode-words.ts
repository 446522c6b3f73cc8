/** The words of an episode's page around its people, chapters and timed transcript (content/pages/podcast.yaml, `episode:`). */
export interface EpisodeWords {
  hostedBy: string;
  with: string;
  chapters: string;
  transcript: string;
  readTranscript: string;
  searchLabel: string;
  next: string;
  previous: string;
  noMatches: string;
  oneMatch: string;
  /** "{current} of {total} matches". */
  matchCount: string;
  /** What names a client's or paid guest's disclosure (the person pages' word, content/pages/podcast.yaml `people:`). */
  disclosureLabel: string;
}
