import { Link } from 'react-router-dom';
import type { PressItem, SectionIntro } from '../../content/types';
import { paths } from '../../paths';
import { PressCardList } from '../press-card';
import { HomeSectionHeader } from './section-header';

/** Home §7 'Latest Articles': the newest press items and a way to the full list. */
export function LatestArticles({ intro, items }: { intro: SectionIntro; items: readonly PressItem[] }) {
  return (
    <section className="latest-articles section below-fold" aria-labelledby="articles-heading">
      <div className="container">
        <HomeSectionHeader id="articles-heading" intro={intro} />
        <PressCardList items={items} className="latest-articles__list" />
        <p className="latest-articles__all">
          <Link className="button button--outline" to={paths.press}>
            View All Articles
          </Link>
        </p>
      </div>
    </section>
  );
}
