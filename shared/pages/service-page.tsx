import { useLoaderData } from 'react-router-dom';
import { ExternalLink } from '../components/external-link';
import { PageHero } from '../components/page-hero';
import { ServiceClosing } from '../components/service/service-closing';
import { ServiceSectionBlock } from '../components/service/service-section';
import type { ServicePageContent } from '../content/types';
import type { PageData } from '../page-head';
import { useSiteData } from '../site-data';

export interface ServicePageData extends PageData {
  page: ServicePageContent;
}

const tone = (index: number) => (index % 2 === 0 ? 'plain' : 'alt');

export function Component() {
  const { page } = useLoaderData() as ServicePageData;
  const { externalUrls } = useSiteData();
  const closingIndex = page.sections.length;
  return (
    <>
      <PageHero title={page.heroTitle} eyebrow={page.title}>
        <p>{page.heroText}</p>
        <div className="service-hero__actions button-row">
          <ExternalLink className="button button--primary" href={externalUrls.scheduler} counted>
            Schedule a Consultation
          </ExternalLink>
        </div>
      </PageHero>
      {page.sections.map((section, index) => (
        <ServiceSectionBlock key={section.id} section={section} tone={tone(index)} />
      ))}
      {page.disclosure && (
        <div className={`service-disclosure service-section--${tone(closingIndex)}`}>
          <div className="container">
            <p>
              <strong>Important information: </strong>
              {page.disclosure}
            </p>
          </div>
        </div>
      )}
      <ServiceClosing heading={page.closing.heading} text={page.closing.text} tone={tone(closingIndex)} />
    </>
  );
}
