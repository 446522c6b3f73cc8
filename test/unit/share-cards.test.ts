import { describe, expect, it } from 'vitest';
import { episodes } from '../support/content';
import { servicePages } from '../support/content';
import { contentForCards, shareCards } from '../../scripts/build/render-share-images';
import { rootDir } from '../support/app';

describe('shareCards', () => {
  const cards = shareCards(contentForCards(rootDir));

  it('has one card for the site, one per episode and one per service page, with unique keys', () => {
    expect(cards.length).toBe(1 + episodes.length + Object.keys(servicePages).length);
    expect(new Set(cards.map((card) => card.key)).size).toBe(cards.length);
    expect(cards[0]!.key).toBe('site');
  });

  it('names the guest, the podcast and the kind of episode', () => {
    const video = cards.find((card) => card.key === 'episode:roth-conversions-in-gap-years-samuel-chen')!;
    expect(video).toMatchObject({
      title: 'Roth Conversions in the Gap Years',
      subtitle: 'with Samuel Chen',
      footer: 'The Advisory Edge Podcast',
      eyebrow: 'Audio episode',
    });
    const numbered = cards.find((card) => card.key === 'episode:your-first-ten-advisory-clients')!;
    expect(numbered).toMatchObject({ eyebrow: 'Episode 4 · Video episode', subtitle: 'Hosted by Morgan Ellery' });
    for (const card of cards) expect(card.alt.length).toBeGreaterThan(20);
  });
});
