/**
 * What a page load tells a screen reader for free, told again after a
 * client-side navigation (WCAG 2.4.3, 4.1.3): the new page's title is read out
 * through a polite live region, and focus moves to the new page's h1 (or to
 * the #hash target when the link named one), so the next Tab continues in the
 * new page instead of in the nav bar.
 *
 * Not on the first load (the browser announces that itself) and not when only
 * the query or hash changes on the same page (paging the episode list, the
 * newsletter outcome, "Learn More"): those keep their own focus handling.
 * Scrolling is left to <ScrollRestoration /> in the layout.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';

export const MAIN_ID = 'main';

/** Elements that take focus by themselves; anything else needs tabindex="-1" to be focused by script. */
const NATIVELY_FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

function focusTarget(hash: string): HTMLElement | null {
  const main = document.getElementById(MAIN_ID);
  if (hash.length > 1) {
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: look the id up as written.
    }
    const target = document.getElementById(id);
    if (target) return target;
  }
  return main?.querySelector<HTMLElement>('h1') ?? main;
}

export function RouteAnnouncer() {
  const { pathname, hash } = useLocation();
  const [message, setMessage] = useState('');
  const announcedPath = useRef(pathname);

  useEffect(() => {
    if (pathname === announcedPath.current) return;
    announcedPath.current = pathname;
    const target = focusTarget(hash);
    if (target) {
      // Focusable by script only, not by Tab; its focus ring is hidden by CSS (site.css).
      if (!target.matches(NATIVELY_FOCUSABLE)) target.setAttribute('tabindex', '-1');
      // <ScrollRestoration /> has already put the page where it belongs.
      target.focus({ preventScroll: true });
    }
    // <title> was updated in the same commit as the page, so it already names the new page.
    setMessage(document.title);
  }, [pathname, hash]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {message}
    </div>
  );
}
