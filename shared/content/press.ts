/**
 * Press & Publications (spec §3 'Press item'; site.md 'Data to write').
 * Static sample content, newest first. The publications are fictional and their
 * article links use reserved .example domains. The same six names appear in the
 * home page's featured strip (home.ts → featuredPublications).
 */
import type { PressItem } from './types';

export const pressItems: readonly PressItem[] = [
  {
    id: 1,
    title: 'Morgan Ellery on Why the Next Decade Belongs to Advisory-Led Accounting Firms',
    date: 'June 10, 2025',
    publication: 'CPA Ledger Journal',
    image: '/media/press/press-1.svg',
    link: 'https://www.cpaledgerjournal.example/2025/06/morgan-ellery-advisory-led-accounting-firms',
  },
  {
    id: 2,
    title: 'Op-Ed: The Virtual Family Office Is No Longer Just for the Ultra-Wealthy',
    date: 'May 28, 2025',
    publication: 'Advisor Quarterly',
    image: '/media/press/press-2.svg',
    link: 'https://www.advisorquarterly.example/2025/05/virtual-family-office-op-ed',
  },
  {
    id: 3,
    title: 'Inside Harbor Ledger Advisors: A Playbook for CPAs Adding Wealth Management',
    date: 'May 14, 2025',
    publication: 'Wealth Practice Review',
    image: '/media/press/press-3.svg',
    link: 'https://www.wealthpracticereview.example/2025/05/inside-harbor-ledger-advisors',
  },
  {
    id: 4,
    title: 'RIA or IAR? Morgan Ellery Breaks Down the Choice Facing Accounting Firms',
    date: 'May 1, 2025',
    publication: 'The Fiduciary Times',
    image: '/media/press/press-4.svg',
    link: 'https://www.fiduciarytimes.example/2025/05/ria-or-iar-accounting-firms',
  },
  {
    id: 5,
    title: 'Tax-Aware Investing Starts with the Return, Says Harbor Ledger Founder',
    date: 'April 22, 2025',
    publication: 'Tax & Trust Weekly',
    image: '/media/press/press-5.svg',
    link: 'https://www.taxandtrustweekly.example/2025/04/tax-aware-investing-starts-with-the-return',
  },
  {
    id: 6,
    title: "'The Advisory Practice': A New Book Maps the Path from Compliance Work to Holistic Advice",
    date: 'April 8, 2025',
    publication: 'Practice Growth Daily',
    image: '/media/press/press-6.svg',
    link: 'https://www.practicegrowthdaily.example/2025/04/the-advisory-practice-book-review',
  },
  {
    id: 7,
    title: 'Op-Ed: Price Advisory Work by the Value You Create, Not the Hours You Bill',
    date: 'March 26, 2025',
    publication: 'CPA Ledger Journal',
    image: '/media/press/press-1.svg',
    link: 'https://www.cpaledgerjournal.example/2025/03/price-advisory-work-by-value',
  },
  {
    id: 8,
    title: 'How Harbor Ledger Advisors Helps Small Firms Plan for Succession',
    date: 'March 18, 2025',
    publication: 'Advisor Quarterly',
    image: '/media/press/press-2.svg',
    link: 'https://www.advisorquarterly.example/2025/03/harbor-ledger-succession-planning',
  },
  {
    id: 9,
    title: 'Q&A: Morgan Ellery on Client Experiences That Last for Generations',
    date: 'March 5, 2025',
    publication: 'Wealth Practice Review',
    image: '/media/press/press-3.svg',
    link: 'https://www.wealthpracticereview.example/2025/03/morgan-ellery-client-experience-qa',
  },
  {
    id: 10,
    title: "Accounting Firm Mergers Are Rising. Here's What Owners Should Ask First",
    date: 'February 25, 2025',
    publication: 'The Fiduciary Times',
    image: '/media/press/press-4.svg',
    link: 'https://www.fiduciarytimes.example/2025/02/accounting-firm-mergers-what-to-ask',
  },
  {
    id: 11,
    title: 'The Estate Planning Gaps CPAs See Every Tax Season, and How to Close Them',
    date: 'February 12, 2025',
    publication: 'Tax & Trust Weekly',
    image: '/media/press/press-5.svg',
    link: 'https://www.taxandtrustweekly.example/2025/02/estate-planning-gaps-cpas-see',
  },
  {
    id: 12,
    title: 'Podcast Spotlight: The Advisory Edge Brings Practice-Building Lessons to CPAs',
    date: 'February 3, 2025',
    publication: 'Practice Growth Daily',
    image: '/media/press/press-6.svg',
    link: 'https://www.practicegrowthdaily.example/2025/02/podcast-spotlight-the-advisory-edge',
  },
];
