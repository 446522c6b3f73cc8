import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useMatches } from 'react-router-dom';
import { countedHref } from '../counted-links';
import type { ClickOut } from '../counted-links';
import { findPageHead } from '../page-head';

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & {
  href: string;
  children: ReactNode;
  /** A lead when followed (decision 044): the link goes by this site's /out, which counts it and sends the visitor on. */
  lead?: ClickOut;
};

/**
 * A link to another site. It opens in a new tab without giving that site a
 * handle on ours, and tells screen-reader users that a tab will open.
 */
const NEW_TAB_NOTE = ' (opens in a new tab)';

/**
 * The page a counted link is on, as its canonical path: the same in the HTML and in the browser,
 * whatever spelling of the address first asked for the page.
 */
function usePagePath(): string | undefined {
  const canonical = findPageHead(useMatches().map((match) => match.data))?.canonicalUrl;
  return canonical && new URL(canonical).pathname;
}

function CountedLink({ href, lead: _lead, ...props }: ExternalLinkProps) {
  // nofollow: the address is a redirect of ours (robots.txt disallows /out), not a page to credit.
  return <Anchor {...props} href={countedHref(href, usePagePath())} rel="noopener noreferrer nofollow" />;
}

function Anchor({ children, 'aria-label': label, rel, ...props }: Omit<ExternalLinkProps, 'lead'> & { rel: string }) {
  return (
    // An aria-label replaces the link's content as its name, hidden note included, so the note joins the label.
    <a {...props} aria-label={label ? `${label}${NEW_TAB_NOTE}` : undefined} target="_blank" rel={rel}>
      {children}
      <span className="visually-hidden">{NEW_TAB_NOTE}</span>
    </a>
  );
}

export function ExternalLink(props: ExternalLinkProps) {
  return props.lead ? <CountedLink {...props} /> : <Anchor {...props} rel="noopener noreferrer" />;
}
