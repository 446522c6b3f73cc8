import { Link, useLoaderData } from 'react-router-dom';
import { EmailLink } from '../components/email-link';
import { PageHero } from '../components/page-hero';
import type { TermsPageContent } from '../content/types';
import type { PageData } from '../page-head';
import { paths } from '../paths';

export interface TermsPageData extends PageData {
  terms: Omit<TermsPageContent, 'metaDescription'>;
}

export function Component() {
  const { terms: termsPlaceholder } = useLoaderData() as TermsPageData;
  return (
    <>
      <PageHero title={termsPlaceholder.title} eyebrow={termsPlaceholder.eyebrow}>
        <p>{termsPlaceholder.intro}</p>
      </PageHero>
      <section className="section legal-page" aria-labelledby="terms-status-heading">
        <div className="container">
          <div className="legal-placeholder">
            <h2 id="terms-status-heading">{termsPlaceholder.heading}</h2>
            <p>{termsPlaceholder.text}</p>
            <p>
              {termsPlaceholder.contactPrompt} <EmailLink />.
            </p>
            <p className="legal-placeholder__related">{termsPlaceholder.relatedPrompt}</p>
            <ul className="legal-placeholder__links">
              <li>
                <Link to={paths.privacy}>Privacy &amp; Cookie Policy</Link>
              </li>
              <li>
                <Link to={paths.accessibility}>Web Accessibility</Link>
              </li>
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
