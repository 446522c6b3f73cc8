import type { ReactNode } from 'react';
import { firm } from '../content/site';

/** mailto: the firm's address, with an optional subject line. */
function mailtoHref(subject?: string): string {
  return subject ? `mailto:${firm.email}?subject=${encodeURIComponent(subject)}` : `mailto:${firm.email}`;
}

interface EmailLinkProps {
  subject?: string;
  className?: string;
  /** What the link shows; the address itself unless given. */
  children?: ReactNode;
}

/** A link that writes to the firm. */
export function EmailLink({ subject, className, children }: EmailLinkProps) {
  return (
    <a className={className} href={mailtoHref(subject)}>
      {children ?? firm.email}
    </a>
  );
}
