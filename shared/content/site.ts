/**
 * The firm's identity and every outside URL (../shared/site.md).
 * Rebranding the site means editing this file and the data files beside it.
 */
import { paths } from '../paths';
import type { ImageAsset, NavLinkItem, SocialLink } from './types';

export const firm = {
  name: 'Harbor Ledger Advisors',
  shortName: 'Harbor Ledger',
  tagline: 'Holistic wealth management for accounting practices',
  email: 'hello@harborledger.example',
  copyright: '© 2025 Harbor Ledger Advisors. All rights reserved.',
  disclaimer:
    'The content on this website is for informational purposes only and is not investment, legal or tax advice. ' +
    'Consult a qualified professional about your own situation before acting on it.',
} as const;

export const author = {
  name: 'Morgan Ellery, CPA, PFS, CFP®',
  credentials: [
    'Founder & Managing Partner, Harbor Ledger Advisors',
    '20+ years advising CPA firms and families',
    'Certified Public Accountant, Personal Financial Specialist',
    'CERTIFIED FINANCIAL PLANNER™ professional',
  ],
  portrait: { src: '/media/author.svg', width: 480, height: 560 } satisfies ImageAsset,
} as const;

export const book = {
  title: 'The Advisory Practice: Building Holistic Wealth Management into Your Firm',
  cover: { src: '/media/book-cover.svg', width: 400, height: 600 } satisfies ImageAsset,
} as const;

export const podcast = {
  name: 'The Advisory Edge Podcast',
} as const;

export const externalUrls = {
  scheduler: 'https://calendly.com/harbor-ledger/consultation',
  book: 'https://www.amazon.com/dp/B0HARBOR01',
  linkedin: 'https://www.linkedin.com/company/harbor-ledger-advisors',
  youtubeChannel: 'https://www.youtube.com/@harborledgeradvisors',
  applePodcasts: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001',
  spotifyShow: 'https://open.spotify.com/show/4AdvisoryEdgePodcast01',
} as const;

/**
 * Regulatory disclosures shown beside the footer disclaimer when set:
 * the relationship summary (Form CRS) and the SEC's adviser search.
 */
export const regulatoryLinks: { formCrs?: string; adviserSearch?: string } = {
  adviserSearch: 'https://adviserinfo.sec.gov/',
};

export const mainNav: NavLinkItem[] = [
  { label: 'Home', href: paths.home },
  { label: 'Podcast', href: paths.podcast },
  { label: 'Press', href: paths.press },
  { label: 'Contact', href: paths.contact },
];

export const footerGroups: { title: string; links: NavLinkItem[] }[] = [
  { title: 'Quick Links', links: mainNav },
  {
    title: 'Services',
    links: [
      { label: 'Investment Management', href: paths.investmentManagement },
      { label: 'Financial Planning', href: paths.financialPlanning },
      { label: 'Retirement Planning', href: paths.retirementPlanning },
      { label: 'Estate Planning', href: paths.estatePlanning },
      { label: 'Merger Advisory', href: paths.mergerAdvisory },
      { label: 'Family Office', href: paths.familyOffice },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy & Cookie Policy', href: paths.privacy },
      { label: 'Terms of Service', href: paths.terms },
      { label: 'Accessibility', href: paths.accessibility },
    ],
  },
];

export const socialLinks: SocialLink[] = [
  { label: 'LinkedIn', href: externalUrls.linkedin, icon: 'linkedin' },
  { label: 'YouTube', href: externalUrls.youtubeChannel, icon: 'youtube' },
  { label: 'X (coming soon)', icon: 'microblog' },
  { label: 'Instagram (coming soon)', icon: 'photos' },
];
