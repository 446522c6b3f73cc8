import type { PressItem } from '../content/types';
import { ExternalLink } from './external-link';

/** The intrinsic size of the press artwork under /media/press. */
const PRESS_IMAGE = { width: 800, height: 450 } as const;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * 'June 10, 2025' → '2025-06-10' for <time dateTime>; undefined for anything else.
 * Pure string work (no Date), so server and browser render the same.
 */
export function isoDate(display: string): string | undefined {
  const match = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(display.trim());
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[1]!);
  if (month < 0) return undefined;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

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
  const dateTime = isoDate(item.date);
  return (
    <article className="press-card">
      <div className="press-card__media">
        <img
          className="press-card__image"
          src={item.image}
          width={PRESS_IMAGE.width}
          height={PRESS_IMAGE.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </div>
      <div className="press-card__body">
        <p className="press-card__meta">
          <span className="press-card__publication">{item.publication}</span>
          {dateTime ? (
            <time className="press-card__date" dateTime={dateTime}>
              {item.date}
            </time>
          ) : (
            <span className="press-card__date">{item.date}</span>
          )}
        </p>
        <Heading id={titleId} className="press-card__title">
          {item.title}
        </Heading>
        <ExternalLink className="press-card__link" href={item.link} aria-describedby={titleId}>
          <span className="press-card__link-text">Read Article</span>
          <span className="press-card__arrow" aria-hidden="true">
            ↗
          </span>
        </ExternalLink>
      </div>
    </article>
  );
}
