/**
 * Each page is drawn with its own stylesheet (shared/page-stylesheet.ts); the
 * server wrote the first page's into the head. For a page reached by a link,
 * the router waits for that page's stylesheet while it fetches the page's data
 * (`load`, from the route's loader, client/fetch-page-data.ts): the file is
 * added unapplied (media="not all"), so the page on screen keeps its look.
 * Once React has put the new page into the document, before the browser
 * paints it, `show` applies the new sheet and sets the last one aside. One
 * page's stylesheet applies at a time, so a page looks as it does when loaded
 * first: the rules every page shares come in the same order relative to its own.
 *
 * Loaded with the first link followed (client/hydrate.tsx): a page read
 * where it was opened needs none of this.
 */
import type { DocumentAssets } from '../shared/app-payload';
import { stylesheetFor } from '../shared/page-stylesheet';

const UNAPPLIED = 'not all';

export interface PageStyles {
  /** Resolves once the stylesheet of the page this route (the deepest matched) shows has loaded (or failed to). */
  load(routeId: string): Promise<void>;
  /** Applies that page's stylesheet instead of the one applied; a file still loading applies when it arrives. */
  show(routeId: string | undefined): void;
}

/** `assets`: what the first page was rendered with; `element`: the <style> the server wrote its stylesheet into. */
export function createPageStyles({ stylesheets, styles }: DocumentAssets, element: HTMLElement): PageStyles {
  type Sheet = { element: HTMLElement; loaded: Promise<void>; ready: boolean };
  const first = styles[0]!;
  const sheets = new Map<string, Sheet>([[first, { element, loaded: Promise.resolve(), ready: true }]]);
  let wanted = first;
  let applied = first;

  function sheet(url: string): Sheet {
    const known = sheets.get(url);
    if (known) return known;
    const element = document.createElement('link');
    element.rel = 'stylesheet';
    element.media = UNAPPLIED;
    element.href = url;
    const added: Sheet = {
      element,
      loaded: new Promise<void>((resolve) => {
        element.addEventListener('load', () => {
          added.ready = true;
          resolve();
        });
        // A file that cannot come still lets the page show, in the last page's stylesheet (the rules every
        // page shares are in each); the next time the page is shown it is asked for again.
        element.addEventListener('error', () => {
          sheets.delete(url);
          element.remove();
          resolve();
        });
      }),
      ready: false,
    };
    document.head.append(element);
    sheets.set(url, added);
    return added;
  }

  /** The wanted sheet in place of the applied one, if it has loaded and is still wanted. */
  function apply() {
    const next = sheets.get(wanted);
    if (wanted === applied || !next?.ready) return;
    next.element.removeAttribute('media');
    sheets.get(applied)!.element.setAttribute('media', UNAPPLIED);
    applied = wanted;
  }

  return {
    load: (routeId) => sheet(stylesheetFor(stylesheets, routeId)).loaded,
    show(routeId) {
      wanted = stylesheetFor(stylesheets, routeId);
      // Loaded already for a page reached by a link (its route waited for it): applied now, before the paint.
      void sheet(wanted).loaded.then(apply);
      apply();
    },
  };
}
