/** Content of the six service pages (spec §2, Service pages). */

export type ServiceSlug =
  | 'investment-management'
  | 'financial-planning'
  | 'retirement-planning'
  | 'estate-planning'
  | 'merger-advisory'
  | 'family-office';

export interface ServiceSection {
  heading: string;
  intro?: string;
  items: { title: string; text: string }[];
}

export interface ServicePageContent {
  title: string;
  heroTitle: string;
  heroText: string;
  sections: ServiceSection[];
  closing: { heading: string; text: string };
}

export function isServiceSlug(value: string): value is ServiceSlug {
  return Object.prototype.hasOwnProperty.call(servicePages, value);
}

export const servicePages: Record<ServiceSlug, ServicePageContent> = {
  'investment-management': {
    title: 'Investment Management',
    heroTitle: 'Investment Management for Accounting Practices',
    heroText:
      'Offer your clients disciplined, tax-aware portfolio management without building an investment department from scratch.',
    sections: [],
    closing: {
      heading: 'Ready to choose your path?',
      text: 'Tell us about your practice and we will map the route that fits your clients and your ambitions.',
    },
  },
  'financial-planning': {
    title: 'Financial Planning',
    heroTitle: 'Financial Planning That Starts With the Numbers You Know',
    heroText:
      'Turn the tax return and cash-flow picture you already prepare into a living plan your clients return to every year.',
    sections: [],
    closing: { heading: 'Bring planning into your practice', text: 'We will show you how planning fits your current client work.' },
  },
  'retirement-planning': {
    title: 'Retirement Planning',
    heroTitle: 'Retirement Planning Before and After the Last Paycheck',
    heroText: 'Help clients prepare for retirement and draw income from it with confidence and tax efficiency.',
    sections: [],
    closing: { heading: 'Plan the years that matter most', text: 'Let us help you guide clients through every stage of retirement.' },
  },
  'estate-planning': {
    title: 'Estate Planning',
    heroTitle: 'Estate Planning That Protects What Families Build',
    heroText: 'Coordinate wills, trusts and tax strategy with the attorneys your clients already trust.',
    sections: [],
    closing: { heading: 'Protect the legacy', text: 'We will help you add estate coordination to the advice you give.' },
  },
  'merger-advisory': {
    title: 'Merger Advisory',
    heroTitle: 'Merger Advisory for Growing Practices',
    heroText: 'Buy, sell or combine practices with a clear view of value, culture and client continuity.',
    sections: [],
    closing: { heading: 'Plan your next move', text: 'Talk to us before you sign a letter of intent.' },
  },
  'family-office': {
    title: 'Family Office',
    heroTitle: 'Family Office Services, Delivered Virtually',
    heroText: 'Give high-net-worth families one coordinated team for wealth, tax, estate and family matters.',
    sections: [],
    closing: { heading: 'Serve families at a higher level', text: 'Learn how a virtual family office can work inside your firm.' },
  },
};
