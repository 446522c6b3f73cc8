import { useLoaderData } from 'react-router-dom';
import { AboutSection } from '../components/home/about-section';
import type { AboutContent } from '../components/home/about-section';
import { AuthorBook } from '../components/home/author-book';
import type { AuthorBookContent } from '../components/home/author-book';
import { CtaBand } from '../components/home/cta-band';
import { FeaturedStrip } from '../components/home/featured-strip';
import type { Publication } from '../components/home/featured-strip';
import { HomeHero } from '../components/home/home-hero';
import type { HomeHeroContent } from '../components/home/home-hero';
import { LatestArticles } from '../components/home/latest-articles';
import { PodcastIntro } from '../components/home/podcast-intro';
import type { PodcastIntroContent } from '../components/home/podcast-intro';
import { ProcessSection } from '../components/home/process-section';
import { ServicesGrid } from '../components/home/services-grid';
import { HydrateLater } from '../components/hydrate-later';
import { NewsletterSection } from '../components/newsletter-section';
import type { PressItem, ProcessStep, SectionIntro, Service } from '../content/types';
import type { PageData } from '../page-head';
import type { NewsletterFormState } from '../rules/newsletter';

export interface HomePageData extends PageData {
  hero: HomeHeroContent;
  featuredPublications: Publication[];
  intros: { services: SectionIntro; process: SectionIntro; articles: SectionIntro };
  services: Service[];
  about: AboutContent;
  processSteps: ProcessStep[];
  authorBook: AuthorBookContent;
  latestArticles: PressItem[];
  podcastIntro: PodcastIntroContent;
  ctaBand: { title: string; text: string };
  newsletter: NewsletterFormState;
}

/**
 * Spec §2 'Home page': sections 1–10 in order; the footer (11) comes from the layout.
 * The hero fills the first screen; every section after it hydrates later, each
 * on its own (decision 022).
 */
export function Component() {
  const page = useLoaderData() as HomePageData;
  return (
    <>
      <HomeHero hero={page.hero} />
      <HydrateLater>
        <FeaturedStrip publications={page.featuredPublications} />
      </HydrateLater>
      <HydrateLater>
        <ServicesGrid intro={page.intros.services} services={page.services} />
      </HydrateLater>
      <HydrateLater>
        <AboutSection about={page.about} />
      </HydrateLater>
      <HydrateLater>
        <ProcessSection intro={page.intros.process} steps={page.processSteps} />
      </HydrateLater>
      <HydrateLater>
        <AuthorBook content={page.authorBook} />
      </HydrateLater>
      <HydrateLater>
        <LatestArticles intro={page.intros.articles} items={page.latestArticles} />
      </HydrateLater>
      <HydrateLater>
        <PodcastIntro intro={page.podcastIntro} />
      </HydrateLater>
      <HydrateLater>
        <NewsletterSection form={page.newsletter} />
      </HydrateLater>
      <HydrateLater>
        <CtaBand ctaBand={page.ctaBand} />
      </HydrateLater>
    </>
  );
}
