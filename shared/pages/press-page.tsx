import { NewsletterSection } from '../components/newsletter-section';
import { PageHero } from '../components/page-hero';
import { PressCardList } from '../components/press-card';
import { pressItems } from '../content/press';
import { firm } from '../content/site';
import type { RouteHandle } from '../page-meta';
import { anchors } from '../paths';

export const handle: RouteHandle = {
  meta: () => ({
    title: 'Press & Publications',
    description:
      `Articles, interviews and op-eds featuring ${firm.name} ` +
      'on holistic wealth management for accounting practices.',
  }),
};

/** Spec §2 'Press page': every article as a card, two columns on wide screens, and the newsletter sign-up. */
export function Component() {
  return (
    <>
      <PageHero title="Press & Publications" eyebrow="In the News">
        <p>
          Interviews, op-eds and features on how accounting practices are adding holistic wealth management, and what
          it means for their clients.
        </p>
        <p className="press-page__hero-actions">
          <a className="button button--primary" href={`#${anchors.newsletter}`}>
            Subscribe to Newsletter
          </a>
        </p>
      </PageHero>
      <section className="press-page section" aria-labelledby="press-articles-heading">
        <div className="container">
          <div className="list-header">
            <h2 id="press-articles-heading" className="press-page__heading list-header__heading">
              All Articles
            </h2>
            <p className="list-header__count">{pressItems.length} articles</p>
          </div>
          <PressCardList items={pressItems} className="press-page__grid" />
        </div>
      </section>
      <NewsletterSection />
    </>
  );
}
