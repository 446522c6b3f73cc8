import type { PublicationStatus } from '../content/types';

const labels: Record<PublicationStatus, string> = { draft: 'Draft', scheduled: 'Scheduled' };

/**
 * Marks, in development only, an episode or article the public cannot see
 * yet (server/content/publication.ts sets `status` only in preview).
 */
export function PublicationBadge({ status }: { status: PublicationStatus }) {
  return <span className={`publication-badge publication-badge--${status}`}>{labels[status]}</span>;
}
