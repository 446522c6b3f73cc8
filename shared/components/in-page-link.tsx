/**
 * A link to a section of the same page ("Learn More" → #services). It scrolls
 * there smoothly, unless the visitor asks for reduced motion; page changes
 * never animate, which is why site.css has no global `scroll-behavior: smooth`.
 *
 * The link stays a plain fragment link, so the browser (and the router's
 * scroll restoration after it) do the jump and move the focus starting point;
 * for the length of that scroll only, <html> carries the class that turns
 * smooth scrolling on.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';

const SMOOTH_CLASS = 'smooth-scrolling';
/** Longest a smooth scroll may take before the class goes regardless (no `scrollend`, or no scroll at all). */
const SMOOTH_SCROLL_LIMIT_MS = 1_500;

function smoothScrollOnce() {
  const root = document.documentElement;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  root.classList.add(SMOOTH_CLASS);
  const done = () => {
    window.clearTimeout(timer);
    window.removeEventListener('scrollend', done);
    root.classList.remove(SMOOTH_CLASS);
  };
  const timer = window.setTimeout(done, SMOOTH_SCROLL_LIMIT_MS);
  window.addEventListener('scrollend', done);
}

type InPageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { targetId: string; children: ReactNode };

export function InPageLink({ targetId, children, onClick, ...props }: InPageLinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    smoothScrollOnce();
  };
  return (
    <a {...props} href={`#${targetId}`} onClick={handleClick}>
      {children}
    </a>
  );
}
