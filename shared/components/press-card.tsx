import { mediaSizes } from '../content/media';
import type { PressItem } from '../content/types';
import { DisplayDate } from './display-date';
import { ExternalLink } from './external-link';
import { PublicationBadge } from './publication-badge';
import { SizedImage } from './sized-image';

interface PressCardProps {
  item: PressItem;
  /** Heading level of the title within the page's outline. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * One press article: artwork, publication, date, title and a 'Read Article'
 * link that opens the article in a new tab. The link is stretched over the
 * whole card, so the card is one click target and one tab stop; its
 * description points at the title, so every 'Read Article' is distinguishable.
 */
export function PressCard({ item, headingLevel: Heading = 'h3' }: PressCardProps) {
  const titleId = `press-card-${item.id}-title`;
  return (
    <article className="press-card card card--lift">
      <div className="press-card__media card__media">
        <SizedImage className="press-card__image card__image" image={{ src: item.image, ...mediaSizes.pressImage }} alt="" />
      </div>
      <div className="press-card__body">
        <p className="press-card__meta">
          {item.status && <PublicationBadge status={item.status} />}
          <span className="press-card__publication">{item.publication}</span>
          <DisplayDate className="press-card__date" date={item.date} />
        </p>
        <Heading id={titleId} className="press-card__title">
          {item.title}
        </Heading>
        <ExternalLink className="press-card__link stretched-link" href={item.link} aria-describedby={titleId}>
          <span className="press-card__link-text">Read Article</span>
          <span className="press-card__arrow" aria-hidden="true">
            ↗
          </span>
        </ExternalLink>
      </div>
    </article>
  );
}

/** Press cards as a grid list; `className` sets the list's columns for its page. */
export function PressCardList({ items, className }: { items: readonly PressItem[]; className: string }) {
  return (
    <ul className={`${className} grid-list`}>
      {items.map((item) => (
        <li key={item.id} className="press-card-list__item">
          <PressCard item={item} />
        </li>
      ))}
    </ul>
  );
}
