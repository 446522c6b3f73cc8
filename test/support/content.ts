/**
 * The site's content as the public sees it now, read from content/ through the
 * same loader and publication the server uses: what the tests expect to see.
 */
import { readPublishedContent } from '../../server/content/content-store';
import { rootDir } from './app';

export const content = readPublishedContent(rootDir);
export const { episodes, press: pressItems, site, home, services: servicePages } = content;
export const { privacy: privacyPolicy, accessibility: accessibilityStatement } = content;
export const { firm, author, book, podcast, externalUrls } = site;
export const { aboutChecklist, aboutTiles, ctaBand, featuredPublications, hero, newsletterCopy, processSteps, services } = home;
/** The episode the home page features: the newest. */
export const latestEpisode = episodes[0]!;
