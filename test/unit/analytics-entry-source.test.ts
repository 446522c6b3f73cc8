/**
 * The entry's source, channel and campaign: another site's host only, the
 * channel from the referrer list or the utm_medium, utm_ values bounded and
 * printable.
 */
import { describe, expect, it } from 'vitest';
import { campaignOf, channelOfHost, entrySource, MAX_UTM_LENGTH, referrerHost } from '../../server/analytics/entry-source';

const SITE = 'https://www.example.com';

describe('referrerHost', () => {
  it("keeps another site's host only, without www. or the path", () => {
    expect(referrerHost('https://www.google.com/search?q=estate+planning', SITE)).toBe('google.com');
    expect(referrerHost('https://blog.example.org/2026/11/links', SITE)).toBe('blog.example.org');
    expect(referrerHost('android-app://com.google.android.gm/', SITE)).toBe('com.google.android.gm');
  });

  it('is null for this site (with or without www.), nothing, junk or other schemes', () => {
    expect(referrerHost('https://www.example.com/podcast', SITE)).toBeNull();
    expect(referrerHost('https://example.com/press', SITE)).toBeNull();
    expect(referrerHost(undefined, SITE)).toBeNull();
    expect(referrerHost('not a url', SITE)).toBeNull();
    expect(referrerHost('javascript:alert(1)', SITE)).toBeNull();
    expect(referrerHost(`https://a.example/${'x'.repeat(5000)}`, SITE)).toBeNull();
  });
});

describe('channelOfHost', () => {
  it.each([
    ['google.com', 'search'],
    ['google.co.uk', 'search'],
    ['google.com.au', 'search'],
    ['bing.com', 'search'],
    ['duckduckgo.com', 'search'],
    ['chatgpt.com', 'ai'],
    ['chat.openai.com', 'ai'],
    ['perplexity.ai', 'ai'],
    ['claude.ai', 'ai'],
    ['gemini.google.com', 'ai'],
    ['copilot.microsoft.com', 'ai'],
    ['mail.google.com', 'email'],
    ['outlook.live.com', 'email'],
    ['l.facebook.com', 'social'],
    ['lnkd.in', 'social'],
    ['t.co', 'social'],
    ['old.reddit.com', 'social'],
    ['blog.example.org', 'referral'],
    ['notgoogle.com', 'referral'],
  ])('%s is %s', (host, channel) => {
    expect(channelOfHost(host)).toBe(channel);
  });
});

describe('campaignOf', () => {
  it('reads the five utm_ parameters of the landing address', () => {
    expect(campaignOf('/podcast?utm_source=newsletter&utm_medium=email&utm_campaign=dec-tips&utm_content=cta&utm_term=estate')).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'dec-tips',
      content: 'cta',
      term: 'estate',
    });
    expect(campaignOf('/?utm_campaign=spring')).toEqual({ source: null, medium: null, campaign: 'spring', content: null, term: null });
  });

  it('drops values too long or with control or invisible characters, and is null when none is left', () => {
    expect(campaignOf(`/?utm_source=${'a'.repeat(MAX_UTM_LENGTH + 1)}`)).toBeNull();
    expect(campaignOf('/?utm_source=news%0Aletter')).toBeNull();
    expect(campaignOf('/?utm_source=news%E2%80%AEletter')).toBeNull();
    expect(campaignOf('/?utm_source=ok&utm_medium=%00')).toEqual({ source: 'ok', medium: null, campaign: null, content: null, term: null });
    expect(campaignOf('/press')).toBeNull();
    expect(campaignOf('/press?page=2')).toBeNull();
  });
});

describe('entrySource', () => {
  it("is direct without another site's referrer or a campaign", () => {
    expect(entrySource(undefined, '/', SITE)).toEqual({ channel: 'direct', source: null, campaign: null });
    expect(entrySource('https://www.example.com/', '/press', SITE)).toEqual({ channel: 'direct', source: null, campaign: null });
  });

  it('takes the channel from the referrer list', () => {
    expect(entrySource('https://www.google.com/', '/press', SITE)).toEqual({ channel: 'search', source: 'google.com', campaign: null });
  });

  it("takes a tagged link's medium first, and its utm_source when no referrer was sent", () => {
    const mail = entrySource(undefined, '/?utm_source=newsletter&utm_medium=email&utm_campaign=dec-tips', SITE);
    expect(mail).toMatchObject({ channel: 'email', source: 'newsletter', campaign: { campaign: 'dec-tips' } });
    expect(entrySource('https://l.facebook.com/', '/?utm_source=fb&utm_medium=social', SITE)).toMatchObject({
      channel: 'social',
      source: 'l.facebook.com',
    });
    expect(entrySource('https://www.bing.com/', '/?utm_source=bing&utm_medium=cpc', SITE)).toMatchObject({
      channel: 'campaign',
      source: 'bing.com',
    });
  });
});
