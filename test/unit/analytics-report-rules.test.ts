/**
 * The report's rules (server/analytics/report.ts, report-rates.ts), on days made by the real Counter and
 * aggregateDay (test/support/analytics-days.ts): sums over days, the chart's days, the episodes, the
 * searches, and each lead action's rate by channel, campaign, landing page and episode.
 */
import { describe, expect, it } from 'vitest';
import type { DayAggregate } from '../../server/analytics/day-aggregate';
import { isEpisodePath, MAX_SERIES_DAYS, reportOf } from '../../server/analytics/report';
import { countedDay } from '../support/analytics-days';

const GOOGLE = 'https://www.google.com/';
const NEWSLETTER = '?utm_source=newsletter&utm_medium=email&utm_campaign=dec-tips';

describe('sums over days', () => {
  it("a page's visitors and views are each day's added (a visitor on two days is two)", () => {
    const days = ['2026-12-01', '2026-12-02'].map((day) =>
      countedDay(day, [
        { key: 'a', url: '/press' },
        { key: 'a', url: '/press' },
        { key: 'b', url: '/press' },
      ]),
    );
    const report = reportOf('2026-12-01', '2026-12-02', days);
    expect(report.pages).toEqual([{ path: '/press', visitors: 4, pageviews: 6 }]);
    expect(report.visitors).toBe(4);
    expect(report.entryPages).toEqual([{ path: '/press', visitors: 4 }]);
  });
});

describe("the chart's days", () => {
  it('every day of the range, zeros where nothing was counted', () => {
    const report = reportOf('2026-11-30', '2026-12-03', [countedDay('2026-12-02', [{ key: 'a', url: '/' }])]);
    expect(report.series).toEqual([
      { day: '2026-11-30', visitors: 0, pageviews: 0 },
      { day: '2026-12-01', visitors: 0, pageviews: 0 },
      { day: '2026-12-02', visitors: 1, pageviews: 1 },
      { day: '2026-12-03', visitors: 0, pageviews: 0 },
    ]);
  });

  it('a range longer than any store keeps is drawn from its first day counted to its last, not over centuries', () => {
    const days = [countedDay('2026-12-01', [{ key: 'a', url: '/' }]), countedDay('2026-12-03', [{ key: 'b', url: '/' }])];
    const report = reportOf('0001-01-01', '9999-12-31', days);
    expect(report.series.map((day) => day.day)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(reportOf('0001-01-01', '9999-12-31', []).series).toEqual([]);
    expect(reportOf('2025-01-01', '2027-03-01', []).series.length).toBeLessThanOrEqual(MAX_SERIES_DAYS);
  });
});

describe('episodes', () => {
  it('each episode page with its views, visitors, plays, listens elsewhere and transcript moments opened', () => {
    const day = countedDay('2026-12-01', [
      { key: 'a', url: '/podcast/trusts', leads: ['play', 'play', 'listen'] },
      { key: 'a', url: '/podcast/trusts?t=90', moment: true },
      { key: 'b', url: '/podcast/trusts', leads: ['schedule'] },
      { key: 'b', url: '/podcast/estates' },
      { key: 'b', url: '/podcast' },
      { key: 'b', url: '/podcast/gone', notFound: true },
    ]);
    expect(reportOf('2026-12-01', '2026-12-01', [day]).episodes).toEqual([
      { path: '/podcast/trusts', views: 3, visitors: 2, plays: 2, listens: 1, moments: 1 },
      { path: '/podcast/estates', views: 1, visitors: 1, plays: 0, listens: 0, moments: 0 },
    ]);
    expect(['/podcast/feed.xml', '/podcast/feed.json', '/podcast', '/podcast/a/b'].filter(isEpisodePath)).toEqual([]);
  });
});

describe('searches', () => {
  it('summed by their words and outcome over days; the ones that found nothing apart', () => {
    const days = ['2026-12-01', '2026-12-02'].map((day, index) =>
      countedDay(day, [
        { key: 'a', url: '/podcast?q=Trusts', search: { query: 'Trusts', found: true } },
        { key: 'a', url: '/podcast?q=crypto', search: { query: '  CRYPTO ', found: index === 1 } },
        { key: 'b', url: '/podcast?q=dynasty', search: { query: 'dynasty', found: false } },
      ]),
    );
    const report = reportOf('2026-12-01', '2026-12-02', days);
    expect(report.searches).toEqual([
      { query: 'dynasty', found: false, count: 2 },
      { query: 'trusts', found: true, count: 2 },
      { query: 'crypto', found: false, count: 1 },
      { query: 'crypto', found: true, count: 1 },
    ]);
    expect(report.searchesFoundNothing).toEqual([
      { query: 'dynasty', count: 2 },
      { query: 'crypto', count: 1 },
    ]);
  });
});

describe('lead rates', () => {
  // Four visitor-days: two from Google (one on an episode), one from the newsletter, one direct.
  const day = countedDay('2026-12-01', [
    { key: 'g1', url: '/podcast/trusts', referer: GOOGLE, leads: ['play'] },
    { key: 'g1', url: '/contact', leads: ['contact'] },
    { key: 'g2', url: '/', referer: GOOGLE },
    { key: 'g2', url: '/podcast/trusts' },
    { key: 'n', url: `/${NEWSLETTER}`, leads: ['schedule'] },
    { key: 'd', url: '/podcast/trusts', leads: ['play', 'schedule'] },
  ]);
  const rates = reportOf('2026-12-01', '2026-12-01', [day]).rates;
  const of = (action: string) => rates.find((rate) => rate.action === action)!;

  it('by channel, campaign and landing page: leads of the visitor-days that entered so, over those visitor-days', () => {
    expect(rates.map((rate) => rate.action)).toEqual(['contact', 'schedule', 'play']);
    expect(of('play').byChannel).toEqual([
      // Most leads first, then most visitors.
      { channel: 'search', visitors: 2, count: 1, rate: 0.5 },
      { channel: 'direct', visitors: 1, count: 1, rate: 1 },
      { channel: 'email', visitors: 1, count: 0, rate: 0 },
    ]);
    expect(of('schedule').byCampaign).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'dec-tips', visitors: 1, count: 1, rate: 1 },
    ]);
    // The contact was made on /contact, by a visitor-day that landed on the episode: the landing page gets it.
    expect(of('contact').byLanding).toEqual([
      { path: '/podcast/trusts', visitors: 2, count: 1, rate: 0.5 },
      { path: '/', visitors: 2, count: 0, rate: 0 },
    ]);
  });

  it("by episode: leads made on the episode's page over the visitor-days that viewed it", () => {
    expect(of('play').byEpisode).toEqual([{ path: '/podcast/trusts', visitors: 3, count: 2, rate: 2 / 3 }]);
    expect(of('schedule').byEpisode).toEqual([{ path: '/podcast/trusts', visitors: 3, count: 1, rate: 1 / 3 }]);
    expect(of('contact').byEpisode).toEqual([{ path: '/podcast/trusts', visitors: 3, count: 0, rate: 0 }]);
  });

  it('a lead whose entry no visitor-day was counted for has no rate (null, not infinity); one never seen entering is direct, with no landing page', () => {
    const kept: DayAggregate = {
      ...countedDay('2026-12-02', [{ key: 'x', url: '/' }]),
      leads: [
        {
          action: 'contact',
          path: '/contact',
          entry: { channel: 'referral', source: 'blog.example.org', campaign: null, path: '/press' },
          count: 1,
        },
        { action: 'contact', path: '/contact', entry: null, count: 2 },
      ],
    };
    const contact = reportOf('2026-12-02', '2026-12-02', [kept]).rates[0]!;
    expect(contact.byChannel).toEqual([
      { channel: 'direct', visitors: 1, count: 2, rate: 2 },
      { channel: 'referral', visitors: 0, count: 1, rate: null },
    ]);
    expect(contact.byLanding).toEqual([
      { path: '/press', visitors: 0, count: 1, rate: null },
      { path: '/', visitors: 1, count: 0, rate: 0 },
    ]);
  });
});
