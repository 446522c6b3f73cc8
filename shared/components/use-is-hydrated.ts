import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and in the render that hydrates the server's HTML, true
 * in the browser from then on (at once on a client-side navigation): for what
 * only works with JavaScript, shown only where it runs, with the server's HTML
 * the same for everyone.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
