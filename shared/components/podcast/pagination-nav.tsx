import { Link } from 'react-router-dom';
import { pageListItems } from '../../rules/pagination';
import { Icon } from '../icon';

/** History state a pagination link leaves behind, so the page knows to bring the list into view. */
export interface PaginationNavigationState {
  scrollToList: true;
}

export function isPaginationNavigationState(state: unknown): state is PaginationNavigationState {
  return typeof state === 'object' && state !== null && (state as PaginationNavigationState).scrollToList === true;
}

/** Left by pagination links and the search form: the list comes into view and its heading takes focus. */
export const paginationNavigationState: PaginationNavigationState = { scrollToList: true };

const steps = {
  prev: { label: 'Previous', icon: 'arrow-left' },
  next: { label: 'Next', icon: 'arrow-right' },
} as const;

interface StepLinkProps {
  rel: keyof typeof steps;
  /** Where it leads; null at either end. */
  page: number | null;
  hrefFor: (page: number) => string;
}

/**
 * Previous or Next, its arrow pointing outwards. At either end it is shown
 * disabled: not a link that goes nowhere, and not a Tab stop (no href, no tabindex).
 */
function StepLink({ rel, page, hrefFor }: StepLinkProps) {
  const { label, icon } = steps[rel];
  const arrow = <Icon name={icon} size={18} />;
  const content = (
    <>
      {rel === 'prev' && arrow}
      {label}
      {rel === 'next' && arrow}
    </>
  );
  if (page === null) {
    return (
      <span className="pagination__link pagination__link--step" role="link" aria-disabled="true">
        {content}
      </span>
    );
  }
  return (
    <Link
      className="pagination__link pagination__link--step"
      to={hrefFor(page)}
      state={paginationNavigationState}
      preventScrollReset
      rel={rel}
    >
      {content}
    </Link>
  );
}

interface PaginationNavProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}

/**
 * Previous, numbered pages, Next: real links, so they work before and
 * without JavaScript. With it the router swaps the list in place; the page
 * then scrolls to the list itself, hence preventScrollReset. The ends are
 * shown disabled (not links) rather than as links that go nowhere.
 */
export function PaginationNav({ page, pageCount, hrefFor, label }: PaginationNavProps) {
  if (pageCount <= 1) return null;
  const previous = page > 1 ? page - 1 : null;
  const next = page < pageCount ? page + 1 : null;

  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <li className="pagination__step pagination__step--previous">
          <StepLink rel="prev" page={previous} hrefFor={hrefFor} />
        </li>
        {pageListItems(page, pageCount).map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page} className="pagination__number">
              <Link
                className="pagination__link"
                to={hrefFor(item.page)}
                state={paginationNavigationState}
                preventScrollReset
                aria-label={item.page === page ? `Page ${item.page}` : `Go to page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li className="pagination__step pagination__step--next">
          <StepLink rel="next" page={next} hrefFor={hrefFor} />
        </li>
      </ul>
    </nav>
  );
}
