/**
 * The one script the HTML names, and a small one. The server's HTML is the
 * whole page, readable and with working links and forms before any script
 * runs; hydration only adds to it. So the scripts wait until the browser has
 * painted that HTML and then load in parallel, rather than competing with the
 * first paint on a slow phone network (issue 7: LCP ≤ 1.8 s on slow 4G).
 *
 * The chunks come from the `data-preload` attribute the server writes (the
 * framework, the hydrating code and the page's own modules); starting them
 * all, rather than waiting for each module's imports, saves a round trip per
 * level of imports.
 */
import '../shared/styles/site.css';

/** Resolves once the browser reports the first contentful paint (or at the latest after a second). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A tab opened in the background paints nothing until it is shown: no reason to wait.
    if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) return resolve();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
    // A page with nothing to paint still hydrates.
    setTimeout(resolve, 1000);
  });
}

/**
 * Lets the browser handle input and paint before the next step. Starting a
 * module's download costs the main thread a few milliseconds here, so fifteen
 * at once would be one long task.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

await afterFirstPaint();
const preloads = document.querySelector<HTMLScriptElement>('script[data-preload]')?.dataset.preload?.split(' ') ?? [];
const hydrate = import('./hydrate');
for (const url of preloads) {
  await yieldToBrowser();
  // Each is imported again, by URL, where it is needed; a failure surfaces there.
  import(url).catch(() => {});
}
await hydrate;
