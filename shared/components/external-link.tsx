import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { countedHref } from '../counted-links';

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & {
  href: string;
  children: ReactNode;
  /**
   * A lead when followed (decision 044): the scheduler, a listening platform. The link goes by this
   * site's /out, which counts it on this page (as the server tells which lead its URL is) and sends
   * the visitor on.
   */
  counted?: boolean;
};

/**
 * A link to another site. It opens in a new tab without giving that site a
 * handle on ours, and tells screen-reader users that a tab will open.
 */
const NEW_TAB_NOTE = ' (opens in a new tab)';

export function ExternalLink({ children, 'aria-label': label, href, counted, ...props }: ExternalLinkProps) {
  // The page as routed; /out reads it case-blind, as the routes match, and names it by its canonical path.
  const { pathname } = useLocation();
  return (
    // An aria-label replaces the link's content as its name, hidden note included, so the note joins the label.
    <a
      {...props}
      href={counted ? countedHref(href, pathname) : href}
      aria-label={label ? `${label}${NEW_TAB_NOTE}` : undefined}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
      <span className="visually-hidden">{NEW_TAB_NOTE}</span>
    </a>
  );
}
