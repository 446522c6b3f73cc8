/** Types of the site's static content (spec §3). */

/** An image the site ships under /media, with its intrinsic size (so nothing shifts while it loads). */
export interface ImageAsset {
  src: string;
  width: number;
  height: number;
}

/** The intrinsic size of a family of images that all share it. */
export type ImageSize = Omit<ImageAsset, 'src'>;

/** A looping background video and the still frame shown while it loads. */
export interface VideoAsset {
  src: string;
  poster: string;
}

/** One speaker's turn in an episode transcript (WCAG 1.2.1: a text alternative for prerecorded audio). */
export interface TranscriptTurn {
  /** Empty when the source names no speaker. */
  speaker: string;
  text: string;
}

/** One cue of a timed transcript (WebVTT or SRT), in seconds from the start of the episode. */
export interface TimedCue {
  start: number;
  end: number;
  /** The cue's voice (`<v Morgan Ellery>`); absent when it names none. */
  speaker?: string;
  text: string;
}

/** Consecutive cues of one speaker: a paragraph of the transcript, starting at its first cue. */
export interface TranscriptParagraph {
  /** Absent when the cues name no speaker. */
  speaker?: string;
  start: number;
  end: number;
  cues: TimedCue[];
}

/** An episode's timed transcript as the content store holds it. */
export interface TimedTranscript {
  /** The file it was read from, as an editor names it: content/transcripts/<id>.vtt or .srt. */
  file: string;
  format: 'vtt' | 'srt';
  cues: TimedCue[];
  paragraphs: TranscriptParagraph[];
}

/** A chapter of an episode: where it starts (seconds), its title, and an optional link and picture. */
export interface Chapter {
  start: number;
  title: string;
  url?: string;
  image?: string;
}

/** A host or guest as an episode names them: enough for a link to their page and the disclosure beside their words. */
export interface PersonRef {
  /** content/people/<id>.yaml; their page is /people/<id>. */
  id: string;
  name: string;
  /** "host", "guest", or the person's own words for it. */
  role: string;
  /** The firm's Marketing Rule disclosure for a client or paid guest, shown next to their words. */
  disclosure?: string;
}

/** A host or guest with a page of their own (/people/<id>). */
export interface Person extends PersonRef {
  /** The biography as blocks, for the page. */
  bio: Block[];
  /** The biography as plain text: meta description and structured data. */
  bioText: string;
  photo?: string;
  links?: { label: string; url: string }[];
  /** A client of the firm / paid for appearing (Marketing Rule); `disclosure` says so in the firm's words. */
  client: boolean;
  paid: boolean;
  /** Ids of the public episodes that name them, newest first. */
  episodes: string[];
}

/** A piece of a sentence in text written as Markdown: plain text, a link, emphasis. */
export type Inline =
  | string
  /** A link to the firm's own email address (site.yaml), with an optional subject line. */
  | { kind: 'email'; subject?: string; label?: string }
  | { kind: 'external'; href: string; label: string }
  | { kind: 'internal'; to: string; label: string }
  | { kind: 'strong'; text: string }
  | { kind: 'emphasis'; text: string };

/** A block of text written as Markdown, as the pages render it (server/content/markdown.ts makes them). */
export type Block =
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered?: boolean; items: Inline[][] }
  | { kind: 'terms'; items: { term: string; content: Inline[] }[] }
  /** A heading inside a text, at the level the page's outline gives it. */
  | { kind: 'heading'; level: 3 | 4 | 5 | 6; content: Inline[] }
  /** A highlighted box for the one instruction a reader most needs from a section (a Markdown `>` quote). */
  | { kind: 'callout'; content: Inline[] };

/** Items an editor has not published yet, shown only in development with a badge. */
export type PublicationStatus = 'draft' | 'scheduled';

export type ListenPlatform = 'youtube' | 'spotify' | 'apple';

/** What an episode page's media area shows (shared/rules/episode-media.ts decides it). */
export type EpisodeMedia =
  | { kind: 'spotify-video'; spotifyId: string; embedUrl: string }
  | { kind: 'youtube'; videoId: string; embedUrl: string; thumbnailUrl: string }
  /** The page's own <audio> player, for an audio episode whose file the content names. */
  | { kind: 'audio'; audioUrl: string; image: string }
  | { kind: 'cover'; image: string };

/** An episode's listen links (shared/rules/episode-media.ts episodeActions). */
export interface EpisodeActions {
  href: string;
  /** 'Watch Episode' for video, 'Listen Now' for audio. */
  mainLabel: 'Watch Episode' | 'Listen Now';
  /** 'Open in YouTube' and the like; null when the link's platform is not one we name. */
  secondaryLabel: string | null;
  platform: ListenPlatform | null;
}

export interface Episode {
  /** Slug used in /podcast/{id}; unique and stable. */
  id: string;
  /** Empty, or such as 'Episode 3'. */
  number: string;
  title: string;
  /** Display date such as 'March 12, 2024', when the episode shows it; often empty. */
  date: string;
  /** Publication date, YYYY-MM-DD: the order of the lists, the feed and the sitemap. */
  published: string;
  /** Such as '45 min'; often empty. */
  duration: string;
  /** The description as plain text: cards, meta description, structured data. */
  description: string;
  /** The description as written (Markdown), for the episode page; absent on list cards. */
  body?: Block[];
  /** Local path under /media or an absolute URL. */
  image: string;
  /** '#' for the one episode that has no public link yet. */
  listenUrl: string;
  isYouTube: boolean;
  isSpotifyVideo: boolean;
  /**
   * The listen links, null while listenUrl leads nowhere ('#'): decided once, when the content is
   * published, so the browser needs none of the rules that read platform links.
   */
  actions: EpisodeActions | null;
  /** The episode on Apple Podcasts and Spotify, for the home page's featured card. */
  applePodcastsUrl?: string;
  spotifyUrl?: string;
  /** The audio file, played by the page's own <audio> player. */
  audioUrl?: string;
  /** The guid it had in the feed it was imported from, which the show's own feed keeps (podcast apps know it by it). */
  guid?: string;
  /** The words of the episode, turn by turn; absent until one is written (content/transcripts/<id>.md). */
  transcript?: readonly TranscriptTurn[];
  /** The words with their moments (content/transcripts/<id>.vtt or .srt), in paragraphs by speaker. */
  timedTranscript?: { format: 'vtt' | 'srt'; paragraphs: TranscriptParagraph[] };
  /** Where each part starts, in the order they are heard. */
  chapters?: Chapter[];
  /** The people the episode names (content/people/), in the order it names them; absent when none. */
  hosts?: PersonRef[];
  guests?: PersonRef[];
  /** Set only in development, for an item the public cannot see yet. */
  status?: PublicationStatus;
}

export interface PressItem {
  id: number;
  title: string;
  /** Such as 'June 10, 2025'. */
  date: string;
  /** YYYY-MM-DD. */
  published: string;
  /** Set only in development, for an item the public cannot see yet. */
  status?: PublicationStatus;
  publication: string;
  image: string;
  link: string;
}

export type ServiceIcon = 'chart' | 'compass' | 'sunrise' | 'shield' | 'merge' | 'family';

export interface Service {
  icon: ServiceIcon;
  title: string;
  description: string;
  link: string;
  /**
   * Set on the card that is not itself a link but carries a link of its own
   * to `link`, with this label (spec: Investment Management).
   */
  ownLink?: { label: string };
}

/** The eyebrow, heading and lead sentence that open a page section. */
export interface SectionIntro {
  eyebrow: string;
  title: string;
  lead: string;
}

export interface ProcessStep {
  number: string;
  title: string;
  description: string;
}

export interface NavLinkItem {
  label: string;
  href: string;
}

export interface SocialLink {
  label: string;
  /** Absent for the placeholders that have no profile yet. */
  href?: string;
  icon: 'linkedin' | 'youtube' | 'microblog' | 'photos';
}

export interface LegalSection {
  /** Anchor id, used by the table of contents. */
  id: string;
  heading: string;
  blocks: Block[];
}

/** A long-form page written as Markdown: the privacy policy, the accessibility statement. */
export interface LegalDocument {
  title: string;
  eyebrow: string;
  intro: string;
  /** The date line under the title, e.g. 'Last updated: March 18, 2022'. */
  date: { label: string; iso: string; text: string };
  /** 'At a glance' points shown before the full text. */
  summary?: Inline[][];
  sections: LegalSection[];
  /** The privacy page's opt-out form, at the end of the section `section` (decision 044). */
  analyticsChoice?: AnalyticsChoiceWords;
}

/** The words of the privacy page's analytics opt-out form and of the page a refused post gets. */
export interface AnalyticsChoiceWords {
  section: string;
  label: string;
  stop: { button: string; done: string };
  resume: { button: string; done: string };
  refused: { title: string; message: string; back: string };
}

export type { ServiceSlug } from './service-slugs';

/**
 * How a service page section lays out its items:
 * - cards: a grid of benefit cards (the default);
 * - paths: large side-by-side choices, each with a label, points and who it suits;
 * - steps: a numbered sequence that describes how a model works.
 */
export type ServiceSectionLayout = 'cards' | 'paths' | 'steps';

export interface ServiceItem {
  title: string;
  text: string;
  /** Small label above the title, such as 'Path 1' (paths layout). */
  label?: string;
  /** What the choice includes (paths layout). */
  points?: string[];
  /** Who the choice suits best (paths layout). */
  bestFor?: string;
}

export interface ServiceSection {
  /** Anchor id of the section; unique on its page. */
  id: string;
  heading: string;
  intro?: string;
  layout?: ServiceSectionLayout;
  items: ServiceItem[];
}

export interface ServicePageContent {
  title: string;
  heroTitle: string;
  heroText: string;
  /** The page's meta description; shorter than the hero text where that runs long. */
  metaDescription: string;
  sections: ServiceSection[];
  /** Regulatory small print shown before the closing block, when a page needs it. */
  disclosure?: string;
  closing: { heading: string; text: string };
}

export interface ContactPageContent {
  title: string;
  heroTitle: string;
  eyebrow: string;
  metaDescription: string;
  intro: string;
  schedule: { heading: string; text: string; note: string };
  email: { heading: string; text: string; note: string };
  next: { heading: string; intro: string; steps: { title: string; text: string }[] };
  /** The closing line for visitors not ready to get in touch yet. */
  learnFirst: Inline[];
  form: ContactFormContent;
}

/** The words of the contact form (content/pages/contact.yaml, `form:`). */
export interface ContactFormContent {
  heading: string;
  intro: string;
  labels: { name: string; email: string; company: string; phone: string; topic: string; message: string };
  topicPlaceholder: string;
  /** What "I'm interested in" offers; the id is what the form posts. */
  topics: { id: string; label: string }[];
  requiredNote: string;
  privacyNote: Inline[];
  submit: string;
  sending: string;
  errorSummary: string;
  sent: { heading: string; text: string; again: string };
}

export interface TermsPageContent {
  metaDescription: string;
  title: string;
  eyebrow: string;
  intro: string;
  heading: string;
  text: string;
  contactPrompt: string;
  relatedPrompt: string;
}

/** The words of the podcast list's search box and results (content/pages/podcast.yaml, `search:`). */
export interface EpisodeSearchContent {
  label: string;
  hint: string;
  formatLabel: string;
  allFormats: string;
  video: string;
  audio: string;
  submit: string;
  showAll: string;
  matchOne: string;
  matchMany: string;
  videoEpisodes: string;
  audioEpisodes: string;
  none: string;
  noneHint: string;
  inTranscript: string;
  /** With `{moment}` where the passage's time goes. */
  inTranscriptAt: string;
  invalidTitle: string;
  pageTitle: string;
}
