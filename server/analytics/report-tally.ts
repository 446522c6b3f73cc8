/**
 * Sums by key in one pass (the report's figures over up to 25 months of days): each key keeps its
 * first item and its totals. Rows come most first (by the first total, then the next), then by key,
 * so the same figures always print in the same order.
 */
import type { Campaign } from './entry-source';

export class Tally<T> {
  private readonly sums = new Map<string, { item: T; totals: number[] }>();

  add(key: string, item: T, ...values: number[]): void {
    const found = this.sums.get(key);
    if (!found) {
      this.sums.set(key, { item, totals: [...values] });
      return;
    }
    for (let i = 0; i < values.length; i++) found.totals[i]! += values[i]!;
  }

  rows<R>(row: (item: T, totals: number[]) => R): R[] {
    return [...this.sums]
      .sort(([a, x], [b, y]) => {
        for (let i = 0; i < x.totals.length; i++) if (y.totals[i] !== x.totals[i]) return y.totals[i]! - x.totals[i]!;
        return a < b ? -1 : a > b ? 1 : 0;
      })
      .map(([, { item, totals }]) => row(item, totals));
  }
}

/** A campaign as the report groups it: its source, medium and name (content and term are a campaign's variants). */
export const campaignKey = (campaign: Pick<Campaign, 'source' | 'medium' | 'campaign'> | null) =>
  campaign === null ? 'null' : JSON.stringify([campaign.source, campaign.medium, campaign.campaign]);
