/**
 * What every page's frame (nav bar, footer, newsletter section, links to the
 * firm) needs from the content files. The root route's server loader
 * returns it; the browser receives it once, with the first page, and keeps
 * it, so no content is bundled into the JavaScript.
 */
import { useRouteLoaderData } from 'react-router-dom';
import type { NavLinkItem, SocialLink } from './content/types';
import type { PageHead } from './page-head';

export interface SiteData {
  firm: { name: string; shortName: string; tagline: string; email: string; copyright: string; disclaimer: string };
  podcastName: string;
  externalUrls: {
    scheduler: string;
    book: string;
    linkedin: string;
    youtubeChannel: string;
    applePodcasts: string;
    spotifyShow: string;
  };
  mainNav: NavLinkItem[];
  footerGroups: { title: string; links: NavLinkItem[] }[];
  socialLinks: SocialLink[];
  regulatoryLinks: { formCrs?: string; adviserSearch?: string };
  newsletterCopy: { heading: string; text: string; privacyNote: string };
  /** Old addresses of the blog and the page each now lives at (content/redirects.yaml); the browser's route tree needs them. */
  redirects: { from: string; to: string }[];
  /** The head of a page that failed in a way no route described (500). */
  errorHead: PageHead;
}

export const SITE_ROUTE_ID = 'root';

export function useSiteData(): SiteData {
  const site = useRouteLoaderData(SITE_ROUTE_ID) as SiteData | undefined;
  if (!site) throw new Error('The root route has no site data: its loader must return SiteData.');
  return site;
}
