/**
 * Visits counted by the built server (issue 59, decision 038), as a reverse
 * proxy would bring them: distinct clients by X-Forwarded-For (TRUST_PROXY),
 * real browser and crawler User-Agents (test/fixtures/isbot-user-agents.json,
 * isbot's own published fixtures), a search engine's referrer, a campaign, a
 * 404 linked from a blog, a client-side navigation's /_data, a browser's
 * revalidation (304) and the firm's two form leads (a sign-up to the local fake
 * provider, a message to a local SMTP server). Read back through the same
 * report command operators use, after SIGTERM and after a restart: nothing is
 * lost, and a second visit the same day is the same visitor.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsReport } from '../../server/analytics/report';
import { FORM_ENDPOINT_PATH, startFormEndpoint } from '../../scripts/local/fake-provider';
import type { FakeProvider, FormEndpointMode } from '../../scripts/local/fake-provider';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { todaysReport } from '../support/analytics-report';
import { VALID_CONTACT_MESSAGE } from '../support/contact-message';
import { startSmtpServer } from '../support/smtp-server';
import type { TestSmtpServer } from '../support/smtp-server';

const agents = JSON.parse(readFileSync(new URL('../fixtures/isbot-user-agents.json', import.meta.url), 'utf8')) as {
  browsers: string[];
  crawlers: string[];
};
const [chrome, windowsChrome, chromeOs] = agents.browsers as [string, string, string];

let fake: FakeProvider<FormEndpointMode>;
let smtp: TestSmtpServer;
let dir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  [fake, smtp] = await Promise.all([startFormEndpoint(), startSmtpServer()]);
  dir = await mkdtemp(path.join(tmpdir(), 'analytics-counting-'));
});
afterAll(async () => {
  await Promise.all([fake.close(), smtp.close()]);
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  if (server?.child.exitCode === null) await server.stop('SIGKILL');
  server = undefined;
});

function start() {
  return startServerProcess({
    env: {
      TRUST_PROXY: 'loopback',
      DRAIN_SECONDS: '0',
      ANALYTICS_DIR: path.join(dir, 'analytics'),
      NEWSLETTER_FILE: path.join(dir, 'subscribers.jsonl'),
      NEWSLETTER_LIST_ID: 'AnalyticsList',
      NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}`,
      CONTACT_FILE: path.join(dir, 'messages.jsonl'),
      CONTACT_SMTP_URL: smtp.url,
      CONTACT_TO: 'advisors@harbor.test',
      CONTACT_FROM: 'website@harbor.test',
    },
  });
}

/** A request from `address` (as the proxy says) with a browser's User-Agent unless given. */
function visit(site: ServerProcess, url: string, address: string, headers: Record<string, string> = {}, method = 'GET') {
  return fetch(`${site.origin}${url}`, {
    method,
    redirect: 'manual',
    headers: { 'X-Forwarded-For': address, 'User-Agent': chrome, ...headers },
  });
}

const report = (): AnalyticsReport => todaysReport(path.join(dir, 'analytics'));

const pageOf = (figures: AnalyticsReport, page: string) => figures.pages.find((item) => item.path === page);

describe('visits counted by the built server', () => {
  it('counts people once a day by address and browser, apart from bots and those who declined, through SIGTERM and a restart', async () => {
    server = await start();
    const setCookies: string[] = [];
    const seen = async (response: Promise<Response>, status = 200) => {
      const res = await response;
      expect(res.status).toBe(status);
      if (res.headers.get('set-cookie')) setCookies.push(res.headers.get('set-cookie')!);
      await res.arrayBuffer();
      return res;
    };

    // A: from a Google search to the home page, then two more pages, one by a client-side navigation.
    const home = await seen(visit(server, '/', '203.0.113.5', { Referer: 'https://www.google.com/' }));
    await seen(visit(server, '/press', '203.0.113.5', { Referer: `${server.origin}/` }));
    await seen(visit(server, '/_data/podcast', '203.0.113.5', { Referer: `${server.origin}/press` }));
    // The same browser coming back to the home page: its revalidation is a view, answered 304.
    await seen(visit(server, '/', '203.0.113.5', { 'If-None-Match': home.headers.get('etag')! }), 304);
    // B: a newsletter's campaign link, twice (the second answered by the fast lane from the alias the first made).
    const campaign = '/press?utm_source=newsletter&utm_medium=email&utm_campaign=dec-tips';
    await seen(visit(server, campaign, '198.51.100.7', { 'User-Agent': windowsChrome }));
    await seen(visit(server, campaign, '198.51.100.7', { 'User-Agent': windowsChrome }));
    // C: a 404 linked from a blog, from an IPv6 address; another address in its /64 is the same visitor.
    await seen(
      visit(server, '/no-such-page', '2001:db8:1:2::1', { 'User-Agent': chromeOs, Referer: 'https://blog.example.org/post?id=9' }),
      404,
    );
    await seen(visit(server, '/terms', '2001:db8:1:2:aaaa::9', { 'User-Agent': chromeOs }));
    // Crawlers, a prefetch and a HEAD: bots, by reason.
    for (const crawler of agents.crawlers) await seen(visit(server, '/', '192.0.2.50', { 'User-Agent': crawler }));
    await seen(visit(server, '/press', '192.0.2.51', { 'Sec-Purpose': 'prefetch' }));
    await seen(visit(server, '/press', '192.0.2.52', {}, 'HEAD'));
    // Declined: Global Privacy Control, and the opt-out cookie. Nothing of them is kept.
    await seen(visit(server, '/terms', '192.0.2.60', { 'Sec-GPC': '1' }));
    await seen(visit(server, '/terms', '192.0.2.61', { Cookie: 'analytics-opt-out=1' }));
    // A's two leads, each on its page: a sign-up from the home page, a message from /contact.
    const post = (url: string, page: string, body: object) =>
      fetch(`${server!.origin}${url}`, {
        method: 'POST',
        headers: {
          'X-Forwarded-For': '203.0.113.5',
          'User-Agent': chrome,
          'Content-Type': 'application/json',
          Referer: `${server!.origin}${page}`,
        },
        body: JSON.stringify(body),
      });
    expect((await post('/api/subscribe', '/', { email: 'reader@example.com' })).status).toBe(200);
    expect((await post('/api/contact', '/contact', VALID_CONTACT_MESSAGE)).status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);

    const first = report();
    expect(first).toMatchObject({ visitors: 3, pageviews: 8 });
    expect(pageOf(first, '/')).toEqual({ path: '/', visitors: 1, pageviews: 2 });
    expect(pageOf(first, '/press')).toEqual({ path: '/press', visitors: 2, pageviews: 3 });
    expect(pageOf(first, '/podcast')).toEqual({ path: '/podcast', visitors: 1, pageviews: 1 });
    expect(pageOf(first, '/terms')).toEqual({ path: '/terms', visitors: 1, pageviews: 1 });
    expect(first.channels).toEqual(
      expect.arrayContaining([
        { channel: 'search', visitors: 1 },
        { channel: 'email', visitors: 1 },
        // C entered on the 404 the blog links to.
        { channel: 'referral', visitors: 1 },
      ]),
    );
    expect(first.sources).toEqual(expect.arrayContaining([{ source: 'google.com', channel: 'search', visitors: 1 }]));
    expect(first.campaigns).toEqual([{ source: 'newsletter', medium: 'email', campaign: 'dec-tips', visitors: 1 }]);
    expect(first.notFound).toEqual([{ path: '/no-such-page', count: 1, referrers: ['blog.example.org'] }]);
    expect(first.bots).toEqual({
      total: agents.crawlers.length + 2,
      byReason: { 'user-agent': agents.crawlers.length, prefetch: 1, head: 1 },
    });
    expect(first.leads).toEqual([
      {
        action: 'newsletter',
        count: 1,
        bySource: [{ channel: 'search', source: 'google.com', campaign: null, count: 1 }],
        byPage: [{ path: '/', count: 1 }],
      },
      {
        action: 'contact',
        count: 1,
        bySource: [{ channel: 'search', source: 'google.com', campaign: null, count: 1 }],
        byPage: [{ path: '/contact', count: 1 }],
      },
    ]);
    expect(setCookies).toEqual([]);

    // A restart the same day: A again is the same visitor (the day's salt is on disk), D is new.
    server = await start();
    await seen(visit(server, '/podcast', '203.0.113.5'));
    await seen(visit(server, '/terms', '203.0.113.99', { 'User-Agent': windowsChrome }));
    expect(await server.stop('SIGTERM')).toBe(0);
    const second = report();
    expect(second).toMatchObject({ visitors: 4, pageviews: 10 });
    expect(pageOf(second, '/podcast')).toEqual({ path: '/podcast', visitors: 1, pageviews: 2 });
    // No address, User-Agent or referring path is in the store, only keys, hosts and paths of this site.
    const files = await readdir(path.join(dir, 'analytics'), { recursive: true });
    const stored = files
      .filter((name) => name.endsWith('.jsonl') || name.endsWith('.json'))
      .map((name) => readFileSync(path.join(dir, 'analytics', name), 'utf8'))
      .join('\n');
    for (const secret of ['203.0.113.5', '2001:db8', 'Mozilla', 'id=9']) expect(stored).not.toContain(secret);
  });
});
