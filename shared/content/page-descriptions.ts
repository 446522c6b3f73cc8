/**
 * The meta description of each page whose content module does not carry one
 * (contact and service pages keep theirs beside their copy).
 */
import { podcast, firm } from './site';

export const pageDescriptions = {
  home: `${firm.name} helps accounting practices add holistic wealth management and a virtual family office.`,
  podcast: `Every episode of ${podcast.name}: conversations on building holistic wealth management into an accounting practice.`,
  press: `Articles, interviews and op-eds featuring ${firm.name} on holistic wealth management for accounting practices.`,
  privacy:
    'What personal data we collect, how we use it, our cookie practices, how to unsubscribe, and your rights. We do not sell or lease personal data.',
  terms: `The terms of service for the ${firm.name} website will be available soon.`,
  accessibility:
    'Our accessibility statement: we aim to conform to WCAG 2.2 level AA. Known limitations, and how to report a barrier or ask for an alternative format.',
  notFound: 'The page you were looking for does not exist.',
  episodeNotFound: 'This episode could not be found.',
  error: `${firm.name}: ${firm.tagline}.`,
} as const;

/** The press page's introduction under its title. */
export const pressIntro =
  'Interviews, op-eds and features on how accounting practices are adding holistic wealth management, and what it means for their clients.';
