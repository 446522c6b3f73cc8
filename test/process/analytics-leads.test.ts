/**
 * The leads a page cannot count by itself (issue 59, decision 044), on the built server, as a reverse
 * proxy brings them (TRUST_PROXY, X-Forwarded-For) with real User-Agents (isbot's published fixtures):
 * a click on "Schedule a Consultation" with no script (the link's href followed), a click to listen on
 * a platform, a play beacon, the privacy page's opt-out form, each read back through the report command
 * and attributed to the visitor-day's entry. Then an attacker's tries at /out (an open redirect), /play
 * (inflating plays) and the opt-out form (set from another site), each refused with a clear 4xx.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../server/analytics/report';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { todaysReport } from '../support/analytics-report';
import { episodes, externalUrls, privacyPolicy, site } from '../support/content';
import { decodeHtml } from '../support/html-text';

const agents = JSON.parse(readFileSync(new URL('../fixtures/isbot-user-agents.json', import.meta.url), 'utf8')) as {
  browsers: string[];
  crawlers: string[];
};
const [chrome, windowsChrome, chromeOs] = agents.browsers as [string, string, string];
const episode = episodes.find((item) => item.actions)!;
const episodePath = `/podcast/${episode.id}`;
const choice = privacyPolicy.analyticsChoice!;

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'analytics-leads-'));
  server = await startServerProcess({
    env: {
      TRUST_PROXY: 'loopback',
      DRAIN_SECONDS: '0',
      ANALYTICS_DIR: path.join(dir, 'analytics'),
      NEWSLETTER_FILE: path.join(dir, 'subscribers.jsonl'),
      CONTACT_FILE: path.join(dir, 'messages.jsonl'),
    },
  });
});
afterAll(async () => {
  if (server.child.exitCode === null) await server.stop('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** A request from `address` (as the proxy says), a desktop browser's unless `headers` say otherwise; redirects are not followed. */
function visit(url: string, address: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return fetch(`${server.origin}${url}`, {
    redirect: 'manual',
    ...init,
    headers: { 'X-Forwarded-For': address, 'User-Agent': chrome, ...headers },
  });
}

/** The hrefs of the links in `html` whose text starts with `text`, as the browser reads them. */
function hrefsOf(html: string, text: string): string[] {
  return [...html.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)]
    .filter(([, , inner]) => inner!.replace(/<[^>]+>/g, '').startsWith(text))
    .map(([, attributes]) => decodeHtml(/href="([^"]*)"/.exec(attributes!)![1]!));
}

const report = (): AnalyticsReport => todaysReport(path.join(dir, 'analytics'));

const sameOrigin = () => ({ Origin: server.origin, 'Sec-Fetch-Site': 'same-origin' });
const play = (address: string, body: string, headers: Record<string, string> = {}) =>
  visit('/play', address, { 'Content-Type': 'text/plain;charset=UTF-8', ...sameOrigin(), ...headers }, { method: 'POST', body });
const choose = (address: string, value: string, headers: Record<string, string> = {}) =>
  visit(
    '/privacy/analytics',
    address,
    { 'Content-Type': 'application/x-www-form-urlencoded', ...sameOrigin(), ...headers },
    { method: 'POST', body: `analytics=${value}` },
  );

describe('leads counted through /out, /play and the opt-out', () => {
  it('counts a scheduler click, a listen click and a play on their pages, by the entry, and nothing once opted out', async () => {
    // A: enters from a newsletter campaign on the home page, and follows "Schedule a Consultation" (no script: its href).
    const home = await visit('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring', '203.0.113.20');
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    const schedule = hrefsOf(homeHtml, 'Schedule a Consultation');
    expect(schedule).toEqual([
      `/out?to=${encodeURIComponent(externalUrls.scheduler)}&from=/`,
      `/out?to=${encodeURIComponent(externalUrls.scheduler)}&from=/`,
    ]);
    // Still a link that opens a new tab without a handle on ours, its name unchanged.
    expect(homeHtml).toContain(
      `<a class="button button--primary home-hero__cta" href="${schedule[0]!.replace(/&/g, '&amp;')}" target="_blank" rel="noopener noreferrer">Schedule a Consultation<span class="visually-hidden"> (opens in a new tab)</span></a>`,
    );
    const out = await visit(schedule[0]!, '203.0.113.20');
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe(externalUrls.scheduler);
    expect(out.headers.get('cache-control')).toBe('no-store');
    expect(out.headers.get('x-robots-tag')).toBe('noindex');
    expect(out.headers.get('referrer-policy')).toBe('no-referrer');
    expect(out.headers.get('set-cookie')).toBeNull();

    // B: from a Google search to the podcast list, then Apple Podcasts; then an episode, its listen link and a play.
    const podcast = await (
      await visit('/podcast', '198.51.100.20', { 'User-Agent': windowsChrome, Referer: 'https://www.google.com/' })
    ).text();
    const [apple] = hrefsOf(podcast, 'Apple Podcasts');
    expect((await visit(apple!, '198.51.100.20', { 'User-Agent': windowsChrome })).headers.get('location')).toBe(
      externalUrls.applePodcasts,
    );
    const episodeHtml = await (await visit(episodePath, '198.51.100.20', { 'User-Agent': windowsChrome })).text();
    const [listen] = hrefsOf(episodeHtml, episode.actions!.mainLabel);
    expect(listen).toBe(`/out?to=${encodeURIComponent(episode.actions!.href)}&from=${episodePath}`);
    const listened = await visit(listen!, '198.51.100.20', { 'User-Agent': windowsChrome });
    expect([listened.status, listened.headers.get('location')]).toEqual([303, episode.actions!.href]);
    const played = await play('198.51.100.20', episodePath, { 'User-Agent': windowsChrome });
    expect(played.status).toBe(204);
    expect(await played.text()).toBe('');
    // The routes match any case and a trailing slash: so does the page a click-out names, counted by its canonical path.
    const fromUpper = `/out?to=${encodeURIComponent(externalUrls.scheduler)}&from=/CONTACT/`;
    expect((await visit(fromUpper, '198.51.100.20', { 'User-Agent': windowsChrome })).status).toBe(303);
    // A `from` that is no page of this site is counted as no page.
    const fromElsewhere = `/out?to=${encodeURIComponent(externalUrls.scheduler)}&from=https://evil.example/`;
    expect((await visit(fromElsewhere, '198.51.100.20', { 'User-Agent': windowsChrome })).status).toBe(303);

    // Crawlers and a prefetch are sent on like anyone, and counted apart as bots, never as leads.
    for (const crawler of agents.crawlers.slice(0, 3)) {
      const res = await visit(schedule[0]!, '192.0.2.50', { 'User-Agent': crawler });
      expect([res.status, res.headers.get('location')]).toEqual([303, externalUrls.scheduler]);
    }
    expect((await visit(schedule[0]!, '192.0.2.51', { 'Sec-Purpose': 'prefetch' })).status).toBe(303);

    // C: opts out with the privacy page's form, then visits and clicks: nothing is counted. Then opts in again.
    const off = await choose('192.0.2.70', 'off', { 'User-Agent': chromeOs });
    expect(off.status).toBe(303);
    expect(off.headers.get('location')).toBe(`/privacy?analytics=off#${choice.section}-off`);
    const cookie = off.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^analytics-opt-out=1; Max-Age=\d+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeGreaterThan(365 * 86_400);
    const optedOut = { 'User-Agent': chromeOs, Cookie: cookie.split(';')[0]! };
    expect((await visit('/contact', '192.0.2.70', optedOut)).status).toBe(200);
    expect((await visit(fromUpper, '192.0.2.70', optedOut)).status).toBe(303);
    expect((await play('192.0.2.70', episodePath, optedOut)).status).toBe(204);
    const on = await choose('192.0.2.70', 'on', optedOut);
    expect(on.headers.get('location')).toBe(`/privacy?analytics=on#${choice.section}-on`);
    expect(on.headers.get('set-cookie')).toMatch(
      /^analytics-opt-out=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    // The page it comes back to is /privacy itself, the same for everyone; this view is counted again.
    const privacy = await visit(on.headers.get('location')!.split('#')[0]!, '192.0.2.70', { 'User-Agent': chromeOs });
    expect(privacy.status).toBe(200);
    expect(privacy.headers.get('set-cookie')).toBeNull();
    const privacyHtml = await privacy.text();
    expect(privacyHtml).toBe(await (await visit('/privacy', '192.0.2.99')).text());
    // Its plain form: both buttons, for every visitor; each confirmation shown only when the answer points at it.
    expect(privacyHtml).toContain(`<form class="analytics-choice" aria-label="${choice.label}" action="/privacy/analytics" method="post">`);
    expect(privacyHtml).toContain(
      `<button class="button button--primary" type="submit" value="off" name="analytics">${choice.stop.button}</button>`,
    );
    expect(privacyHtml).toContain(
      `<button class="button button--outline" type="submit" value="on" name="analytics">${choice.resume.button}</button>`,
    );
    expect(privacyHtml).toContain(`<p id="${choice.section}-off" class="analytics-choice__done" tabindex="-1">`);
    expect(privacyHtml).toContain('.analytics-choice__done:not(:target){display:none}');
    expect(await server.stop('SIGTERM')).toBe(0);

    const figures = report();
    const lead = (action: string) => figures.leads.find((item) => item.action === action);
    expect(lead('schedule')).toEqual({
      action: 'schedule',
      count: 3,
      bySource: expect.arrayContaining([
        { channel: 'email', source: 'newsletter', campaign: 'spring', count: 1 },
        { channel: 'search', source: 'google.com', campaign: null, count: 2 },
      ]),
      byPage: expect.arrayContaining([
        { path: '/', count: 1 },
        { path: '/contact', count: 1 },
        { path: '(none)', count: 1 },
      ]),
    });
    expect(lead('schedule')!.bySource).toHaveLength(2);
    expect(lead('schedule')!.byPage).toHaveLength(3);
    expect(lead('listen')).toEqual({
      action: 'listen',
      count: 2,
      bySource: [{ channel: 'search', source: 'google.com', campaign: null, count: 2 }],
      byPage: expect.arrayContaining([
        { path: '/podcast', count: 1 },
        { path: episodePath, count: 1 },
      ]),
    });
    expect(lead('play')).toEqual({
      action: 'play',
      count: 1,
      bySource: [{ channel: 'search', source: 'google.com', campaign: null, count: 1 }],
      byPage: [{ path: episodePath, count: 1 }],
    });
    // A, B, C once it opted in again (its opted-out visit to /contact is not there), and the one comparing /privacy.
    expect(figures.visitors).toBe(4);
    expect(figures.pages.find((page) => page.path === '/contact')).toBeUndefined();
    expect(figures.bots).toEqual({ total: 4, byReason: { 'user-agent': 3, prefetch: 1 } });
  });
});

describe('an attacker', () => {
  beforeAll(async () => {
    if (server.child.exitCode !== null) {
      server = await startServerProcess({
        env: {
          TRUST_PROXY: 'loopback',
          ANALYTICS_DIR: path.join(dir, 'analytics-2'),
          NEWSLETTER_FILE: path.join(dir, 's.jsonl'),
          CONTACT_FILE: path.join(dir, 'm.jsonl'),
        },
      });
    }
  });

  it('cannot make /out send anyone to an address the content does not link to', async () => {
    const scheduler = externalUrls.scheduler;
    const tries = [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      `${scheduler}?next=https://evil.example`,
      `${scheduler}#evil`,
      `${scheduler}/`,
      scheduler.toUpperCase(),
      ` ${scheduler}`,
      scheduler.replace('https://calendly.com', 'https://calendly.com.evil.example'),
      scheduler.replace('https://calendly.com', 'https://calendly.com@evil.example'),
      externalUrls.applePodcasts.replace('podcasts.apple.com', 'podcasts.apple.com.evil.example'),
      `${scheduler}${'a'.repeat(10_000)}`,
      '',
    ];
    for (const to of tries) {
      const res = await visit(`/out?to=${encodeURIComponent(to)}&from=/`, '203.0.113.66');
      expect(res.status, to.slice(0, 80)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const page = await res.text();
      expect(page).toContain(`<h1>${site.outRefused.title}</h1>`);
      expect(page).not.toContain('evil.example');
    }
    // Two targets, the first one ours; none; one as long as a URL may be.
    for (const url of [
      `/out?to=${encodeURIComponent(scheduler)}&to=${encodeURIComponent('https://evil.example/')}`,
      '/out',
      `/out?to=${'x'.repeat(7000)}`,
      `/OUT?to=${encodeURIComponent('https://evil.example/')}`,
    ]) {
      const res = await visit(url, '203.0.113.66');
      expect(res.status, url.slice(0, 80)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('cannot inflate plays: wrong type, another site, a large body, a path of no episode, a flood', async () => {
    const bad = async (res: Promise<Response>, status: number, words: RegExp) => {
      const answer = await res;
      expect(answer.status).toBe(status);
      const body = (await answer.json()) as { ok: boolean; error: string };
      expect(body.ok).toBe(false);
      expect(body.error).toMatch(words);
    };
    await bad(play('203.0.113.77', JSON.stringify({ path: episodePath }), { 'Content-Type': 'application/json' }), 415, /text\/plain/);
    await bad(play('203.0.113.77', episodePath, { 'Content-Type': 'text/plain; charset=klingon' }), 415, /text\/plain|read/);
    await bad(play('203.0.113.77', episodePath, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }), 403, /this site/);
    await bad(play('203.0.113.77', episodePath, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' }), 403, /this site/);
    await bad(play('203.0.113.77', episodePath + 'x'.repeat(2000)), 413, /too large/);
    for (const path of ['/podcast/no-such-episode', '/contact', `https://evil.example${episodePath}`, '', `${episodePath}?x=1`]) {
      await bad(play('203.0.113.77', path), 400, /episode page/);
    }
    // One client's 30 a minute, then 429; another client is not held back by it.
    const answers: number[] = [];
    for (let index = 0; index < 31; index++) answers.push((await play('203.0.113.78', '/nowhere')).status);
    expect(answers.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(answers[30]).toBe(429);
    expect((await play('203.0.113.79', episodePath)).status).toBe(204);
  });

  it('cannot set or clear the opt-out from another site, and bad posts are told so', async () => {
    for (const headers of [
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' },
      { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
      { Origin: server.origin, 'Sec-Fetch-Site': 'same-site' },
    ]) {
      const res = await choose('203.0.113.88', 'off', headers);
      expect(res.status).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.text()).toContain(`<h1>${choice.refused.title}</h1>`);
    }
    for (const value of ['maybe', '']) {
      const res = await choose('203.0.113.88', value);
      expect(res.status).toBe(400);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const json = await visit(
      '/privacy/analytics',
      '203.0.113.88',
      { 'Content-Type': 'application/json', ...sameOrigin() },
      { method: 'POST', body: '{"analytics":"off"}' },
    );
    expect([json.status, json.headers.get('set-cookie')]).toEqual([415, null]);
    const large = await visit(
      '/privacy/analytics',
      '203.0.113.88',
      { 'Content-Type': 'application/x-www-form-urlencoded', ...sameOrigin() },
      { method: 'POST', body: `analytics=off&pad=${'x'.repeat(4000)}` },
    );
    expect([large.status, large.headers.get('set-cookie')]).toEqual([413, null]);
  });

  it('finds /out disallowed to crawlers', async () => {
    expect(await (await visit('/robots.txt', '203.0.113.90')).text()).toContain('\nDisallow: /out\n');
  });
});
