/**
 * Addresses of the old blog that now live elsewhere; answered with 301.
 * Its own file because the browser's route tree needs it too (a client-side
 * link to an old address replaces the history entry), and it holds no text.
 */
import { paths } from '../paths';

export const legacyRedirects: ReadonlyArray<{ from: string; to: string }> = [
  {
    from: '/2024/03/12/mastering-money-with-mindfulness-three-step-approach',
    to: paths.episode('mastering-money-with-mindfulness-three-step-approach-jordan-reyes'),
  },
];
