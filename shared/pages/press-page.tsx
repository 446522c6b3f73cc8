import { useLoaderData } from 'react-router-dom';
import { NewsletterSection } from '../components/newsletter-section';
import { PageHero } from '../components/page-hero';
import { PressCardList } from '../components/press-card';
import type { PressItem } from '../content/types';
import type { PageData } from '../page-head';
import { anchors } from '../paths';
import type { NewsletterFormState } from '../rules/newsletter';

export interface PressPageData extends PageData {
  intro: string;
  items: PressItem[];
  newsletter: NewsletterFormState;
}

/** Spec §2 'Press page': every article as a card, two columns on wide screens, and the newsletter sign-up. */
export function Component() {
  const page = useLoaderData() as PressPageData;
  return (
    <>
      <PageHero title="Press & Publications" eyebrow="In the News">
        <p>{page.intro}</p>
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
            <p className="list-header__count">{page.items.length} articles</p>
          </div>
          <PressCardList items={page.items} className="press-page__grid" />
        </div>
      </section>
      <NewsletterSection form={page.newsletter} />
    </>
  );
}
