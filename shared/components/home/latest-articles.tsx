import { Link } from 'react-router-dom';
import type { PressItem } from '../../content/types';
import { paths } from '../../paths';
import { PressCard } from '../press-card';

/** Home §7 'Latest Articles': the newest press items and a way to the full list. */
export function LatestArticles({ items }: { items: readonly PressItem[] }) {
  return (
    <section className="latest-articles section" aria-labelledby="articles-heading">
      <div className="container">
        <header className="home-section__header">
          <p className="eyebrow">In the Press</p>
          <h2 id="articles-heading">Latest Articles</h2>
          <p className="home-section__lead">
            Interviews, op-eds and features on building advisory services inside accounting firms.
          </p>
        </header>
        <ul className="latest-articles__list">
          {items.map((item) => (
            <li key={item.id} className="latest-articles__item">
              <PressCard item={item} />
            </li>
          ))}
        </ul>
        <p className="latest-articles__all">
          <Link className="button button--outline" to={paths.press}>
            View All Articles
          </Link>
        </p>
      </div>
    </section>
  );
}
