/**
 * The six service pages, the contact page and the legal pages, as the server
 * renders them (spec §2 'Service pages', 'Legal and other pages'; §9).
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { servicePages } from '../support/content';
import type { ServiceSlug } from '../../shared/content/types';
import { externalUrls, firm } from '../support/content';
import { countedHref } from '../../shared/counted-links';
import { makeApp } from '../support/app';

const { app } = makeApp();

async function get(path: string) {
  const res = await request(app).get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return res.text;
}

/** What a reader sees of a piece of markup: its text, without tags, React's text separators or entities. */
function plain(markup: string): string {
  return markup
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}

/** The visible text of a whole page's body, without the hydration data. */
function visibleText(html: string): string {
  return plain(html.slice(html.indexOf('<body'), html.indexOf('<script type="application/json"')));
}

/** The text of the elements of one tag name (e.g. every h2), in order. */
function texts(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => plain(m[1]!).trim());
}

function title(html: string): string | undefined {
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return raw === undefined ? undefined : plain(raw);
}

function metaDescription(html: string): string | undefined {
  return /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const GET_STARTED = /<a class="button button--primary" href="\/contact"[^>]*>Get Started Today/;

/** Each page's h1, and the section headings and phrases the spec asks for. */
const serviceExpectations: Record<ServiceSlug, { h1: string; headings: string[]; phrases: string[] }> = {
  'investment-management': {
    h1: 'Investment Management for Accounting Practices',
    headings: ['Two Paths to Offering Investment Management', 'Support Behind Every Engagement', 'Who We Work With'],
    phrases: [
      'Become an IAR Under Our RIA',
      'Investment Adviser Representative (IAR)',
      'Launch Your Own RIA',
      'Compliance Oversight',
      'Integrated Technology',
      'Model Portfolios',
      'Practice Marketing',
      'Back-Office Operations',
      'CPAs and Accounting Firms',
      'Tax Practices',
      'Financial Advisors',
      'Solo Advisors and Small Teams',
    ],
  },
  'financial-planning': {
    h1: 'Financial Planning That Starts With the Numbers You Know',
    headings: ['Cash Flow Planning', 'Goal-Based Planning', 'Risk Management Planning'],
    phrases: [],
  },
  'retirement-planning': {
    h1: 'Retirement Planning Before and After the Last Paycheck',
    headings: ['Our Pre-Retirement Approach', 'Our In-Retirement Approach'],
    phrases: [],
  },
  'estate-planning': {
    h1: 'Estate Planning That Protects What Families Build',
    headings: ['Will and Trust Planning', 'Estate Tax Planning', 'Legacy Planning'],
    phrases: [],
  },
  'merger-advisory': {
    h1: 'Merger Advisory for Growing Practices',
    headings: ['What Merger Advisory Delivers'],
    phrases: ['Practice Valuation', 'Client Transition and Retention'],
  },
  'family-office': {
    h1: 'Family Office Services, Delivered Virtually',
    headings: ['Wealth Management Services', 'Family Services', 'The Virtual Family Office Model'],
    phrases: [],
  },
};

describe('service pages', () => {
  const slugs = Object.keys(serviceExpectations) as ServiceSlug[];

  it('cover all six services', () => {
    expect(slugs.sort()).toEqual(Object.keys(servicePages).sort());
  });

  it.each(slugs)('/%s has its hero, its spec sections and a Get Started Today link to /contact', async (slug) => {
    const html = await get(`/${slug}`);
    const expected = serviceExpectations[slug];
    const page = servicePages[slug];

    expect(texts(html, 'h1')).toEqual([expected.h1]);
    // Hero: the service's name as the eyebrow, then the intro.
    expect(html).toMatch(new RegExp(`<p class="eyebrow">${escapeRegExp(page.title)}</p><h1 [^>]*>`));
    expect(visibleText(html)).toContain(page.heroText);

    const h2s = texts(html, 'h2');
    for (const heading of expected.headings) expect(h2s).toContain(heading);
    const text = visibleText(html);
    for (const phrase of expected.phrases) expect(text).toContain(phrase);

    // Every benefit has a title (h3) and a sentence or two; 2 or more per section.
    for (const section of page.sections) {
      expect(section.items.length).toBeGreaterThanOrEqual(2);
      for (const item of section.items) {
        expect(texts(html, 'h3')).toContain(item.title);
        expect(text).toContain(item.text);
      }
    }

    // Closing block.
    expect(h2s).toContain(page.closing.heading);
    expect(html).toMatch(GET_STARTED);
    expect(html.match(/>Get Started Today/g)).toHaveLength(1);

    // Meta from the page's own content.
    expect(title(html)).toBe(`${page.title} | ${firm.name}`);
    expect(metaDescription(html)).toBeTruthy();
  });

  it('offers the two investment-management paths as two cards', async () => {
    const html = await get('/investment-management');
    const paths = /<ol class="service-paths[ "][^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
    expect(paths.match(/<li class="service-path /g)).toHaveLength(2);
    expect(paths).toContain('Path 1');
    expect(paths).toContain('Path 2');
  });

  it('carries no inline style attributes (the CSP forbids them)', async () => {
    for (const slug of slugs) expect(await get(`/${slug}`)).not.toMatch(/\sstyle="/);
  });
});

describe('privacy & cookie policy', () => {
  it('is dated March 18, 2022 and says what the spec requires', async () => {
    const html = await get('/privacy');
    const text = visibleText(html);
    expect(texts(html, 'h1')).toEqual(['Privacy & Cookie Policy']);
    expect(title(html)).toBe(`Privacy & Cookie Policy | ${firm.name}`);
    expect(html).toContain('<time dateTime="2022-03-18">March 18, 2022</time>');
    expect(text).toContain('Last updated: March 18, 2022');

    // Do-not-track signals are ignored, and the policy says why.
    expect(text).toContain('Our site ignores Do Not Track signals');
    expect(text).toMatch(/no agreed standard/);

    // Unsubscribing: an email with UNSUBSCRIBE in the subject.
    expect(html).toContain(`href="mailto:${firm.email}?subject=UNSUBSCRIBE"`);
    expect(text).toContain('with the word UNSUBSCRIBE in the subject line');

    // Personal data is not sold or leased.
    expect(text).toContain('We do not sell, lease or rent your personal data');
  });

  it('covers collection, use, cookies, embedded players, retention, rights and contact, with a table of contents', async () => {
    const html = await get('/privacy');
    const h2s = texts(html, 'h2');
    for (const heading of [
      'Information We Collect',
      'How We Use Your Information',
      'Cookies',
      'Embedded Players and Links to Other Sites',
      'Do Not Track Signals',
      'How Long We Keep Data',
      'Unsubscribing',
      'Your Rights',
      'Contact Us',
    ]) {
      expect(h2s).toContain(heading);
    }
    const text = visibleText(html);
    expect(text).toContain('Our own pages do not set tracking, analytics or advertising cookies');
    expect(text).toContain('privacy-enhanced mode');
    expect(text).toMatch(/YouTube[\s\S]*Spotify/);
    expect(text).toContain('server records each request');

    // Every table-of-contents entry points at a section of the page.
    const toc = /<nav class="legal-toc"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const anchors = [...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!);
    expect(anchors.length).toBeGreaterThanOrEqual(10);
    for (const id of anchors) expect(html).toContain(`<section id="${id}"`);

    // Outside policies open through ExternalLink; the firm's email is a plain mailto link.
    expect(html).toMatch(/<a href="https:\/\/policies\.google\.com\/privacy" target="_blank" rel="noopener noreferrer">/);
    expect(html).toContain(`<a href="mailto:${firm.email}">${firm.email}</a>`);
    expect(html).not.toMatch(/\sstyle="/);
  });
});

describe('terms of service', () => {
  it('is a placeholder that says the terms will be available soon, with a mailto link', async () => {
    const html = await get('/terms');
    expect(texts(html, 'h1')).toEqual(['Terms of Service']);
    expect(visibleText(html)).toContain('Our terms of service will be available soon.');
    expect(html).toContain(`<a href="mailto:${firm.email}">${firm.email}</a>`);
  });
});

describe('web accessibility statement', () => {
  it('names its WCAG 2.2 AA target, measures, limitations, a way to report a barrier, and its date', async () => {
    const html = await get('/accessibility');
    const text = visibleText(html);
    expect(texts(html, 'h1')).toEqual(['Web Accessibility Statement']);
    expect(title(html)).toBe(`Web Accessibility | ${firm.name}`);
    expect(text).toContain('Our target is conformance with WCAG 2.2 level AA.');

    const h2s = texts(html, 'h2');
    for (const heading of ['Conformance Status', 'Measures We Take', 'Known Limitations', 'Report a Barrier', 'Alternative Formats']) {
      expect(h2s).toContain(heading);
    }
    for (const measure of [
      'Page changes announced',
      'Keyboard access',
      'Visible focus',
      'Color contrast',
      'Resizing and reflow',
      'Target size',
      'High contrast modes',
      'Captions and transcripts',
      'Reduced motion',
      'Pausable background video',
    ]) {
      expect(texts(html, 'dt')).toContain(measure);
    }
    for (const limitation of ['Third-party media players', 'Episodes without transcripts', 'Decorative background videos']) {
      expect(texts(html, 'dt')).toContain(limitation);
    }

    // Reporting: an email to the firm with an expected response time.
    expect(html).toContain(`href="mailto:${firm.email}?subject=Accessibility%20feedback"`);
    expect(text).toContain('We will reply within 2 business days');
    expect(html).toMatch(/<time dateTime="2025-06-16">June 16, 2025<\/time>/);
  });
});

describe('contact page', () => {
  it('offers the scheduler in a new tab, the email address, the next steps and the newsletter', async () => {
    const html = await get('/contact');
    expect(texts(html, 'h1')).toEqual(['Contact Us']);
    expect(texts(html, 'h2')).toEqual(expect.arrayContaining(['Schedule a Consultation', 'Email Us', 'What Happens Next']));

    expect(html).toContain(
      `<a class="button button--primary" href="${countedHref(externalUrls.scheduler, '/contact').replace(/&/g, '&amp;')}" target="_blank" rel="noopener noreferrer">Schedule a Consultation`,
    );
    expect(html).toMatch(
      new RegExp(`<a class="contact-card__email" href="mailto:${escapeRegExp(firm.email)}">${escapeRegExp(firm.email)}</a>`),
    );

    const steps = /<ol class="contact-steps[ "][^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
    expect(steps.match(/<li /g)).toHaveLength(3);

    // Two forms, each posting where it is handled: the contact message and the newsletter sign-up.
    const newsletter = /<section[^>]*\bid="contact"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(newsletter).toContain('Subscribe to Receive Growth Tips');
    const forms = [...html.matchAll(/<form\b[^>]*>/g)].map(([tag]) => [
      /\bmethod="([^"]*)"/.exec(tag)?.[1],
      /\baction="([^"]*)"/.exec(tag)?.[1],
    ]);
    expect(forms).toEqual([
      ['post', '/contact'],
      ['post', '/api/subscribe'],
    ]);
    expect(html).not.toMatch(/\sstyle="/);
  });
});
