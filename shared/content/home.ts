/**
 * Home-page copy and collections (spec §2 'Home page'; §9: six services, four
 * process steps, four checklist items, four tiles, six featured logos).
 * Names and outside URLs live in site.ts; internal links come from paths.ts.
 */
import { paths } from '../paths';
import { book, firm } from './site';
import type { ProcessStep, SectionIntro, Service, VideoAsset } from './types';

export const hero = {
  headline: 'Integrate Holistic Wealth Management into Your Accounting Practice',
  subheadline:
    'We help CPAs and advisory firms add financial planning, investment management and a virtual family office ' +
    'to the services their clients already trust them for, with the structure, compliance and support to do it well.',
  video: { src: '/media/video/hero-home.mp4', poster: '/media/video/hero-home.jpg' } satisfies VideoAsset,
} as const;

/** The headers of the home page's centred sections. */
export const sectionIntros = {
  services: {
    eyebrow: 'What We Offer',
    title: 'Integrated Services',
    lead:
      'Six disciplines, one coordinated team: everything your clients need to plan, invest and protect what ' +
      'they have built.',
  },
  process: {
    eyebrow: 'How We Work Together',
    title: 'Our Process',
    lead:
      'A clear path from the first conversation to a thriving advisory practice, with our team beside you at every ' +
      'step.',
  },
  articles: {
    eyebrow: 'In the Press',
    title: 'Latest Articles',
    lead: 'Interviews, op-eds and features on building advisory services inside accounting firms.',
  },
} as const satisfies Record<string, SectionIntro>;

export const services: readonly Service[] = [
  {
    icon: 'compass',
    title: 'Financial Planning',
    description:
      'Cash flow, goal-based and risk management planning that turns the numbers you already know into a clear, written course of action.',
    link: paths.financialPlanning,
  },
  {
    icon: 'chart',
    title: 'Investment Management',
    description:
      'Tax-aware portfolios built around each client’s plan, offered either as an IAR under our RIA or through an RIA of your own.',
    link: paths.investmentManagement,
    ownLink: { label: 'Learn more about pathways' },
  },
  {
    icon: 'sunrise',
    title: 'Retirement Planning',
    description:
      'Pre-retirement and in-retirement strategies for income, Social Security timing, Roth conversions and required distributions.',
    link: paths.retirementPlanning,
  },
  {
    icon: 'shield',
    title: 'Estate Planning',
    description:
      'Will and trust coordination, estate tax strategy and legacy planning, working hand in hand with each family’s attorney.',
    link: paths.estatePlanning,
  },
  {
    icon: 'merge',
    title: 'Merger Advisory',
    description:
      'Guidance for firms joining forces or planning succession, from valuation and deal structure to client transition.',
    link: paths.mergerAdvisory,
  },
  {
    icon: 'family',
    title: 'Family Office',
    description:
      'Wealth management and family services delivered through a virtual family office model, coordinated by one trusted team.',
    link: paths.familyOffice,
  },
];

export const aboutIntro =
  `${firm.name} was founded by a CPA for CPAs. We partner with accounting and tax practices, independent ` +
  'advisors and small teams who want to offer holistic wealth management without losing what makes their firm personal, ' +
  'and we serve entrepreneurs and families who want one coordinated team behind every financial decision.';

export const aboutChecklist: readonly string[] = [
  'A proven playbook for delivering holistic advice alongside your tax and accounting work',
  'A step-by-step guide to setting up a virtual family office for your most complex clients',
  'Clear guidance on whether to partner with an established RIA or form your own',
  'Practical strategies to attract and retain high-value clients for years to come',
];

export const aboutTiles: readonly { title: string; description: string }[] = [
  {
    title: 'Expert Team',
    description: 'CPAs, CFP® professionals and compliance specialists who have built advisory practices themselves.',
  },
  {
    title: 'Strategic Focus',
    description: 'Every recommendation ties back to your firm’s goals and your clients’ long-term plans.',
  },
  {
    title: 'Knowledge',
    description: 'Two decades of experience across tax, investments, estate planning and practice management.',
  },
  {
    title: 'Support',
    description: 'Hands-on help with onboarding, compliance, technology and client meetings, long after launch.',
  },
];

export const processSteps: readonly ProcessStep[] = [
  {
    number: '01',
    title: 'Initial Consultation',
    description:
      'We learn about your firm, your clients and your goals, and outline the advisory model that fits you best.',
  },
  {
    number: '02',
    title: 'Onboarding & Compliance',
    description:
      'We handle registration, agreements, custodial setup and compliance policies so you can launch with confidence.',
  },
  {
    number: '03',
    title: 'Implementation',
    description:
      'We put planning, investment and family-office services to work for your first clients, side by side with your team.',
  },
  {
    number: '04',
    title: 'Ongoing Support',
    description:
      'Regular reviews, training and practice-management guidance keep your advisory services growing year after year.',
  },
];

/** The six fictional publications of the 'We have been featured on:' strip (same names as press.ts). */
export const featuredPublications: readonly { name: string; logo: string; width: number; height: number }[] = [
  { name: 'CPA Ledger Journal', logo: '/media/logos/cpa-ledger-journal.svg', width: 160, height: 40 },
  { name: 'Advisor Quarterly', logo: '/media/logos/advisor-quarterly.svg', width: 160, height: 40 },
  { name: 'Wealth Practice Review', logo: '/media/logos/wealth-practice-review.svg', width: 160, height: 40 },
  { name: 'The Fiduciary Times', logo: '/media/logos/the-fiduciary-times.svg', width: 160, height: 40 },
  { name: 'Tax & Trust Weekly', logo: '/media/logos/tax-and-trust-weekly.svg', width: 160, height: 40 },
  { name: 'Practice Growth Daily', logo: '/media/logos/practice-growth-daily.svg', width: 160, height: 40 },
];

/** The podcast section; its heading is the podcast's name (site.ts). */
export const podcastIntro = {
  eyebrow: 'Listen & Learn',
  lead:
    'Candid conversations with CPAs, advisors and specialists about adding advisory services, serving families ' +
    'well and building a practice that lasts.',
} as const;

export const bookBlurb =
  `${book.title.split(':')[0]} is a practical guide for CPAs and advisors who want to grow beyond compliance work. ` +
  'Drawing on two decades of building advisory services inside accounting firms, it lays out how to add financial ' +
  'planning, investment management and a virtual family office while protecting the client relationships you already have.';

export const ctaBand = {
  title: 'Ready to Secure Your Financial Future?',
  text: 'Book a free consultation to explore how holistic wealth management can serve your clients, your family and your firm.',
} as const;

export const newsletterCopy = {
  heading: 'Subscribe to Receive Growth Tips',
  text: 'Practical ideas for growing an advisory practice, planning insights and new podcast episodes, delivered to your inbox twice a month.',
  privacyNote: 'We respect your privacy. Unsubscribe at any time.',
} as const;
