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
  speaker: string;
  text: string;
}

export interface Episode {
  /** Slug used in /podcast/{id}; unique and stable. */
  id: string;
  /** Empty, or 'Episode 0' to 'Episode 4'. */
  number: string;
  title: string;
  /** Display date such as 'March 12, 2024'; often empty. */
  date: string;
  /** Such as '45 min'; often empty. */
  duration: string;
  description: string;
  /** Local path under /media or an absolute URL. */
  image: string;
  /** '#' for the one episode that has no public link yet. */
  listenUrl: string;
  isYouTube: boolean;
  isSpotifyVideo: boolean;
  /** The words of the episode, turn by turn; absent until one is written (shared/content/transcripts.ts). */
  transcript?: readonly TranscriptTurn[];
}

export interface PressItem {
  id: number;
  title: string;
  /** Such as 'June 10, 2025'. */
  date: string;
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
