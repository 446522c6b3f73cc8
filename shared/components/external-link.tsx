import type { AnchorHTMLAttributes, ReactNode } from 'react';

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & {
  href: string;
  children: ReactNode;
};

/**
 * A link to another site. It opens in a new tab without giving that site a
 * handle on ours, and tells screen-reader users that a tab will open.
 */
const NEW_TAB_NOTE = ' (opens in a new tab)';

export function ExternalLink({ children, 'aria-label': label, ...props }: ExternalLinkProps) {
  return (
    // An aria-label replaces the link's content as its name, hidden note included, so the note joins the label.
    <a {...props} aria-label={label ? `${label}${NEW_TAB_NOTE}` : undefined} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{NEW_TAB_NOTE}</span>
    </a>
  );
}
