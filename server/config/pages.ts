/** The pages' configuration (server/pages/): what the site makes per request (server/pages/render-admission.ts). */
import { ConfigError, parseCount } from './env-values';
import type { Env } from './env-values';

export interface RenderLimits {
  perSecond: number;
  burst: number;
  queue: number;
  share: number;
}

export function parseRenders(env: Env): RenderLimits {
  const perSecond = parseCount(env, 'RENDER_RATE_LIMIT', 10, 'new pages a second per client, 0 for no limit', 100_000);
  const queue = parseCount(env, 'RENDER_QUEUE', 32, 'renders that may wait for a turn', 100_000);
  const percent = parseCount(env, 'RENDER_SHARE', 10, 'percent of one core, 1 to 100', 100);
  if (percent < 1) throw new ConfigError(`RENDER_SHARE must be a whole number of percent of one core, 1 to 100 (got "0")`);
  return { perSecond, burst: perSecond * 2, queue, share: percent / 100 };
}
