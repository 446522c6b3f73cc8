import { Link } from 'react-router-dom';
import { pageListItems } from '../../rules/pagination';
import { Icon } from './platform-icon';

/** History state a pagination link leaves behind, so the page knows to bring the list into view. */
export interface PaginationNavigationState {
  scrollToList: true;
}

export function isPaginationNavigationState(state: unknown): state is PaginationNavigationState {
  return typeof state === 'object' && state !== null && (state as PaginationNavigationState).scrollToList === true;
}

const navigationState: PaginationNavigationState = { scrollToList: true };

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
          {previous ? (
            <Link
              className="pagination__link pagination__link--step"
              to={hrefFor(previous)}
              state={navigationState}
              preventScrollReset
              rel="prev"
            >
              <Icon name="arrow-left" size={18} />
              Previous
            </Link>
          ) : (
            <span className="pagination__link pagination__link--step" role="link" aria-disabled="true">
              <Icon name="arrow-left" size={18} />
              Previous
            </span>
          )}
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
                state={navigationState}
                preventScrollReset
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li className="pagination__step pagination__step--next">
          {next ? (
            <Link
              className="pagination__link pagination__link--step"
              to={hrefFor(next)}
              state={navigationState}
              preventScrollReset
              rel="next"
            >
              Next
              <Icon name="arrow-right" size={18} />
            </Link>
          ) : (
            <span className="pagination__link pagination__link--step" role="link" aria-disabled="true">
              Next
              <Icon name="arrow-right" size={18} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
