import { AboutSection } from '../components/home/about-section';
import { AuthorBook } from '../components/home/author-book';
import { CtaBand } from '../components/home/cta-band';
import { FeaturedStrip } from '../components/home/featured-strip';
import { HomeHero } from '../components/home/home-hero';
import { LatestArticles } from '../components/home/latest-articles';
import { PodcastIntro } from '../components/home/podcast-intro';
import { ProcessSection } from '../components/home/process-section';
import { ServicesGrid } from '../components/home/services-grid';
import { NewsletterSection } from '../components/newsletter-section';
import { services } from '../content/home';
import { pressItems } from '../content/press';
import { firm } from '../content/site';
import type { RouteHandle } from '../page-meta';

/** Spec §9: the home page shows three press articles, the newest first. */
const LATEST_ARTICLE_COUNT = 3;

export const handle: RouteHandle = {
  meta: () => ({
    description: `${firm.name} helps accounting practices add holistic wealth management and a virtual family office.`,
  }),
};

/** Spec §2 'Home page': sections 1–10 in order; the footer (11) comes from the layout. */
export function Component() {
  return (
    <>
      <HomeHero />
      <FeaturedStrip />
      <ServicesGrid services={services} />
      <AboutSection />
      <ProcessSection />
      <AuthorBook />
      <LatestArticles items={pressItems.slice(0, LATEST_ARTICLE_COUNT)} />
      <PodcastIntro />
      <NewsletterSection />
      <CtaBand />
    </>
  );
}
