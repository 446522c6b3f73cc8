/**
 * The schema every content file is checked against (zod), with messages an
 * editor can act on: server/content/load-content.ts reports them as
 * `content/episodes/foo.md: listenUrl must be an https URL (got "htp://…")`.
 *
 * Only data: no file reading here, so a script or test can check one object.
 */
import { z } from 'zod';
import { chapterList, peopleIds, timedTranscriptPath } from './podcast-schema';
import { flag, httpsUrl, imagePath, isoDate, isoDateTime, shown, text } from './schema-fields';
import { durationSeconds, formatMoment } from '../rules/episode-moment';

export { chapter, moment, momentSeconds, personFile } from './podcast-schema';
export type { PersonFile } from './podcast-schema';
export { httpsUrl, imagePath, isoDate, isoDateTime, shown, text } from './schema-fields';

/** What makes an item public: a draft never is; a scheduled one is from publishAt on. */
export const publicationFields = {
  draft: flag('draft'),
  publishAt: isoDateTime().optional(),
};

/**
 * The front matter of content/episodes/<id>.md (spec §3 'Episode'). The body
 * is the description, in Markdown.
 */
export const episodeFrontMatter = z.strictObject(
  {
    title: text('the episode title'),
    /** Shown as 'Episode 3'. */
    number: z
      .number({ error: (issue) => `must be a whole number such as 3 (got ${shown(issue.input)})` })
      .int({ error: (issue) => `must be a whole number such as 3 (got ${shown(issue.input)})` })
      .min(0, { error: (issue) => `must be 0 or more (got ${shown(issue.input)})` })
      .optional(),
    /** Publication date: the order of the lists, the feed and the sitemap. */
    date: isoDate(),
    /** Whether the episode's pages show that date; most of the older episodes do not. */
    showDate: flag('showDate'),
    duration: z
      .string({ error: (issue) => `must be minutes such as "45 min" (got ${shown(issue.input)})` })
      .regex(/^\d{1,3} min$/, { error: (issue) => `must be minutes such as "45 min" (got ${shown(issue.input)})` })
      .optional(),
    image: imagePath(),
    listenUrl: z.union([z.literal('#'), httpsUrl()], {
      error: (issue) => `must be an https URL, or "#" while the episode is not on a platform yet (got ${shown(issue.input)})`,
    }),
    isYouTube: flag('isYouTube'),
    isSpotifyVideo: flag('isSpotifyVideo'),
    applePodcastsUrl: httpsUrl().optional(),
    spotifyUrl: httpsUrl().optional(),
    /** The audio file itself, played by the page's own <audio> player. */
    audioUrl: httpsUrl().optional(),
    /** The feed item's guid, so a second import recognises the episode. */
    guid: text('the feed item guid').optional(),
    /** Who hosts it and who is a guest, by the id of their file in content/people/ (checked by the loader). */
    hosts: peopleIds('hosts'),
    guests: peopleIds('guests'),
    /** Chapters: start (HH:MM:SS or seconds), title, optional url and image. */
    chapters: chapterList(),
    /** A timed transcript uploaded in the editor (a .vtt or .srt under public/), instead of content/transcripts/<id>.vtt. */
    timedTranscript: timedTranscriptPath().optional(),
    ...publicationFields,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `is not a field an episode has` : undefined) },
).superRefine((episode, context) => {
  // `duration` is whole minutes ("47 min"), rounded: a chapter may start within the minute it names (episodeLength).
  const seconds = episode.duration ? durationSeconds(episode.duration) : undefined;
  if (seconds === undefined || !episode.chapters) return;
  episode.chapters.forEach((item, index) => {
    if (item.start >= seconds + 60) {
      context.addIssue({
        code: 'custom',
        path: ['chapters', index, 'start'],
        input: item.start,
        message: `${formatMoment(item.start)} is after the end of the episode (duration ${episode.duration})`,
      });
    }
  });
});
export type EpisodeFrontMatter = z.infer<typeof episodeFrontMatter>;

/**
 * Front matter of content/transcripts/<episode-id>.md; the body is the transcript, one
 * `**Speaker:** words` paragraph per turn. The episode is named in the file as well as
 * by its name, so the editor can pick it from a list and name the file after it.
 */
export const transcriptFrontMatter = z.strictObject({
  /** The id of the episode (its file name without .md). */
  episode: text('an episode id'),
});

/** content/press/<slug>.yaml: one article about the firm, published elsewhere. */
export const pressFile = z.strictObject({
  id: z
    .number({ error: (issue) => `must be a whole number, unique among the articles (got ${shown(issue.input)})` })
    .int({ error: (issue) => `must be a whole number, unique among the articles (got ${shown(issue.input)})` })
    .positive({ error: (issue) => `must be a whole number, unique among the articles (got ${shown(issue.input)})` }),
  title: text('the article title'),
  date: isoDate(),
  publication: text("the publication's name"),
  image: imagePath(),
  link: httpsUrl(),
  ...publicationFields,
});
export type PressFile = z.infer<typeof pressFile>;

/** A picture the site ships, with its intrinsic size so nothing shifts while it loads. */
const imageAsset = () => z.strictObject({ src: imagePath(), width: z.number().int().positive(), height: z.number().int().positive() });
const videoAsset = () => z.strictObject({ src: imagePath(), poster: imagePath() });
/** A link inside the site: '/press', '#services'. Checked against the route table by the loader. */
const internalPath = () =>
  z.string({ error: (issue) => `must be a path of this site such as "/press" (got ${shown(issue.input)})` }).regex(/^\/[^/]/, {
    error: (issue) => `must be a path of this site such as "/press" (got ${shown(issue.input)})`,
  }).or(z.literal('/'));
const navLink = () => z.strictObject({ label: text(), href: internalPath() });
const sectionIntro = () => z.strictObject({ eyebrow: text(), title: text(), lead: text() });
const optionalUrl = () => httpsUrl().optional();
const sectionAnchor = () => z.string().regex(/^[a-z0-9-]+$/, { error: 'must be a section anchor: lower-case letters, digits and hyphens' });
const choiceWords = () => z.strictObject({ button: text(), done: text() });
/** A short page sent instead of what was asked (a refused post, a link /out does not follow). */
const refusalWords = () => z.strictObject({ title: text(), message: text(), back: text() });

/**
 * What the show's feed says of it that is not said elsewhere. `guid` is the Podcast Namespace's
 * podcast:guid, a UUIDv5 of the feed's address on the site's public URL without the scheme: kept
 * here because it must never change, not even when the feed moves to another address.
 */
const podcastFeedSettings = () =>
  z.strictObject({
    guid: z
      .string({ error: (issue) => `must be a UUID such as 9b024349-ccf0-5f69-a609-6b82873eab3c (got ${shown(issue.input)})` })
      .trim()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, {
        error: (issue) => `must be a UUID version 5 such as 9b024349-ccf0-5f69-a609-6b82873eab3c, in lower case (got ${shown(issue.input)})`,
      }),
    /** ISO 639 language code, with an optional region: en, en-us. */
    language: z
      .string({ error: (issue) => `must be a language code such as "en" or "en-us" (got ${shown(issue.input)})` })
      .trim()
      .regex(/^[a-z]{2,3}(-[a-z]{2})?$/, { error: (issue) => `must be a language code such as "en" or "en-us" (got ${shown(issue.input)})` }),
    /** Apple Podcasts' category and subcategory, spelt as Apple lists them. */
    category: text('a category from Apple Podcasts\' list, such as "Business"'),
    subcategory: text('a subcategory from Apple Podcasts\' list, such as "Investing"').optional(),
    explicit: z.boolean({ error: (issue) => `must be true or false (got ${shown(issue.input)})` }),
    /** podcast:locked: whether another platform may import the show (yes for false). */
    locked: z.boolean({ error: (issue) => `must be true or false (got ${shown(issue.input)})` }),
  });

/** content/site.yaml: the firm's identity, every outside URL, navigation and footer. */
export const siteFile = z.strictObject({
  firm: z.strictObject({ name: text(), shortName: text(), tagline: text(), email: z.email({ error: 'must be an email address' }), copyright: text(), disclaimer: text() }),
  author: z.strictObject({ name: text(), credentials: z.array(text()).min(1), portrait: imageAsset() }),
  book: z.strictObject({ title: text(), shortTitle: text(), cover: imageAsset() }),
  podcast: z.strictObject({
    name: text(),
    /** The show's feed for podcast apps (/podcast/feed.xml, server/pages/podcast-feed.ts). */
    feed: podcastFeedSettings(),
  }),
  externalUrls: z.strictObject({
    scheduler: httpsUrl(),
    book: httpsUrl(),
    linkedin: httpsUrl(),
    youtubeChannel: httpsUrl(),
    applePodcasts: httpsUrl(),
    spotifyShow: httpsUrl(),
  }),
  regulatoryLinks: z.strictObject({ formCrs: optionalUrl(), adviserSearch: optionalUrl() }),
  mainNav: z.array(navLink()).min(1),
  /** A group's links, or 'mainNav' for the same links as the navigation bar. */
  footerGroups: z.array(z.strictObject({ title: text(), links: z.union([z.literal('mainNav'), z.array(navLink()).min(1)]) })),
  socialLinks: z.array(
    z.strictObject({ label: text(), href: optionalUrl(), icon: z.enum(['linkedin', 'youtube', 'microblog', 'photos']) }),
  ),
  /** The description of the page shown when something failed (500). */
  errorDescription: text(),
  /** The short page sent instead of a page the site would have to make: one client asked for too many (429), or too many ask at once (503). */
  refusals: z.strictObject({
    tooManyTitle: text(),
    tooManyMessage: text(),
    busyTitle: text(),
    busyMessage: text(),
    back: text(),
  }),
  /** The page /out sends for an address it will not forward to: only outside links the content names are followed (decision 044). */
  outRefused: refusalWords(),
});
export type SiteFile = z.infer<typeof siteFile>;

/** content/home.yaml. */
export const homeFile = z.strictObject({
  metaDescription: text(),
  hero: z.strictObject({ headline: text(), subheadline: text(), video: videoAsset() }),
  sectionIntros: z.strictObject({ services: sectionIntro(), process: sectionIntro(), articles: sectionIntro() }),
  services: z
    .array(
      z.strictObject({
        icon: z.enum(['chart', 'compass', 'sunrise', 'shield', 'merge', 'family']),
        title: text(),
        description: text(),
        link: internalPath(),
        ownLink: z.strictObject({ label: text() }).optional(),
      }),
    )
    .length(6, { error: 'must list exactly six services (spec §9)' }),
  aboutIntro: text(),
  aboutChecklist: z.array(text()).length(4, { error: 'must list exactly four points (spec §9)' }),
  aboutTiles: z.array(z.strictObject({ title: text(), description: text() })).length(4, { error: 'must list exactly four tiles (spec §9)' }),
  processSteps: z.array(z.strictObject({ number: text(), title: text(), description: text() })).length(4, { error: 'must list exactly four steps (spec §9)' }),
  featuredPublications: z
    .array(z.strictObject({ name: text(), logo: imagePath(), width: z.number().int().positive(), height: z.number().int().positive() }))
    .length(6, { error: 'must list exactly six publications (spec §9)' }),
  podcastIntro: z.strictObject({ eyebrow: text(), lead: text() }),
  bookBlurb: text(),
  ctaBand: z.strictObject({ title: text(), text: text() }),
  newsletterCopy: z.strictObject({ heading: text(), text: text(), privacyNote: text() }),
});
export type HomeFile = z.infer<typeof homeFile>;

/** content/pages/podcast.yaml: the podcast list's hero and the episode pages' fixed copy. */
export const podcastPageFile = z.strictObject({
  metaDescription: text(),
  title: text(),
  intro: text(),
  heroVideo: videoAsset(),
  /** The fixed words of each host's and guest's page (/people/<id>). */
  people: z.strictObject({
    backLink: text(),
    linksHeading: text(),
    disclosureLabel: text(),
    /** Followed by the person's name: "Episodes with Lisa Moreno". */
    episodesHeading: text(),
    episodeOne: text(),
    episodeMany: text(),
    notFoundTitle: text(),
    notFoundText: text(),
    notFoundDescription: text(),
    notFoundBack: text(),
  }),
  /** Shown instead of the listen buttons for an episode whose listenUrl is '#'. */
  comingSoonNote: text(),
  episodeNotFoundDescription: text(),
  /** The words of the search box and its results on /podcast. */
  search: z.strictObject({
    label: text(),
    hint: text(),
    formatLabel: text(),
    allFormats: text(),
    video: text(),
    audio: text(),
    submit: text(),
    showAll: text(),
    matchOne: text(),
    matchMany: text(),
    videoEpisodes: text(),
    audioEpisodes: text(),
    none: text(),
    noneHint: text(),
    inTranscript: text(),
    /** Before a passage of a timed transcript, linked to its moment: `{moment}` becomes the time, such as 12:08. */
    inTranscriptAt: text().refine((words) => words.includes('{moment}'), { error: 'must say where the time goes, as {moment}' }),
    invalidTitle: text(),
    pageTitle: text(),
  }),
  /** The words of an episode's page around its people, chapters and timed transcript (issue 47). */
  episode: z.strictObject({
    hostedBy: text(),
    with: text(),
    chapters: text(),
    transcript: text(),
    readTranscript: text(),
    searchLabel: text(),
    next: text(),
    previous: text(),
    noMatches: text(),
    oneMatch: text(),
    /** "{current} of {total} matches". */
    matchCount: text(),
  }),
});
export const pressPageFile = z.strictObject({ metaDescription: text(), intro: text() });
export const notFoundPageFile = z.strictObject({ metaDescription: text() });
export const termsPageFile = z.strictObject({
  metaDescription: text(),
  title: text(),
  eyebrow: text(),
  intro: text(),
  heading: text(),
  text: text(),
  contactPrompt: text(),
  relatedPrompt: text(),
});
const contactCopy = () => z.strictObject({ heading: text(), text: text(), note: text() });
export const contactPageFile = z.strictObject({
  title: text(),
  heroTitle: text(),
  eyebrow: text(),
  metaDescription: text(),
  intro: text(),
  schedule: contactCopy(),
  email: contactCopy(),
  next: z.strictObject({ heading: text(), intro: text(), steps: z.array(z.strictObject({ title: text(), text: text() })).min(1) }),
  /** Markdown, one line: links and bold allowed. */
  learnFirst: text(),
  form: z.strictObject({
    heading: text(),
    intro: text(),
    labels: z.strictObject({ name: text(), email: text(), company: text(), phone: text(), topic: text(), message: text() }),
    /** The select's first, empty choice. */
    topicPlaceholder: text(),
    topics: z
      .array(z.strictObject({ id: z.string().regex(/^[a-z0-9-]{1,40}$/, { error: 'must be lower-case letters, digits and hyphens' }), label: text() }))
      .min(1)
      .refine((topics) => new Set(topics.map((topic) => topic.id)).size === topics.length, { error: 'must have a different id for each topic' }),
    requiredNote: text(),
    /** Markdown, one line: links and bold allowed. */
    privacyNote: text(),
    submit: text(),
    sending: text(),
    errorSummary: text(),
    sent: z.strictObject({ heading: text(), text: text(), again: text() }),
  }),
});

/** Front matter of content/pages/privacy.md and accessibility.md; the body holds the sections, one `##` heading each. */
export const legalFrontMatter = z.strictObject({
  title: text(),
  /** The browser tab's title, when shorter than the page title. */
  headTitle: text().optional(),
  eyebrow: text(),
  intro: text(),
  metaDescription: text(),
  dateLabel: text(),
  date: isoDate(),
  /** 'At a glance' points, Markdown, one line each. */
  summary: z.array(text()).optional(),
  /** The privacy page's opt-out form (decision 044), at the end of the section `section`: its two buttons and what each confirms. */
  analyticsChoice: z
    .strictObject({ section: sectionAnchor(), label: text(), stop: choiceWords(), resume: choiceWords(), refused: refusalWords() })
    .optional(),
});

const serviceItem = () =>
  z.strictObject({ title: text(), text: text(), label: text().optional(), points: z.array(text()).optional(), bestFor: text().optional() });
/** content/services/<slug>.yaml: one service page. */
export const servicePageFile = z.strictObject({
  title: text(),
  heroTitle: text(),
  heroText: text(),
  metaDescription: text(),
  sections: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/, { error: 'must be lower-case letters, digits and hyphens' }),
        heading: text(),
        intro: text().optional(),
        layout: z.enum(['cards', 'paths', 'steps']).optional(),
        items: z.array(serviceItem()).min(1),
      }),
    )
    .min(1),
  disclosure: text().optional(),
  closing: z.strictObject({ heading: text(), text: text() }),
});
export type ServicePageFile = z.infer<typeof servicePageFile>;

/** content/redirects.yaml: old addresses that answer 301 to an episode, under one `redirects` key (the editor needs fields at the top). */
export const redirectsFile = z.strictObject({
  redirects: z.array(
    z.strictObject({
      from: internalPath(),
      /** The id of the episode (its file name without .md). */
      episode: text('an episode id'),
    }),
  ),
});

/** An id that can be a URL segment: lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** '/podcast/x' from one issue's path, in the words an editor reads. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`)).join('');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);
}

/** Each problem of a failed parse of `input` as `field message`, in the schema's words. */
export function describeIssues(error: z.ZodError, input: unknown): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `${fieldPath([...issue.path, key])} is not a field this file has`);
    // A rule that needs a field another one makes necessary says why it is missing.
    if (issue.path.length > 0 && valueAt(input, issue.path) === undefined)
      return [`${fieldPath(issue.path)} is missing${issue.code === 'custom' ? `: it ${issue.message}` : ''}`];
    const where = fieldPath(issue.path);
    return [where ? `${where} ${issue.message}` : issue.message];
  });
}
