import type { ReactNode } from 'react';
import { useSiteData } from '../site-data';

/** mailto: the firm's address, with an optional subject line. */
function mailtoHref(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

interface EmailLinkProps {
  subject?: string;
  className?: string;
  /** What the link shows; the address itself unless given. */
  children?: ReactNode;
}

/** A link that writes to the firm. */
export function EmailLink({ subject, className, children }: EmailLinkProps) {
  const { firm } = useSiteData();
  return (
    <a className={className} href={mailtoHref(firm.email, subject)}>
      {children ?? firm.email}
    </a>
  );
}
