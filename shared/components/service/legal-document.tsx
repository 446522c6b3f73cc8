import { PageHero } from '../page-hero';
import type { LegalDocument } from '../../content/types';
import { AnalyticsChoice } from './analytics-choice';
import { RichBlock, RichText } from './rich-text';

/**
 * A long-form legal page: the hero with its date line, a table of contents,
 * an optional 'at a glance' summary, then the numbered sections.
 */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <PageHero title={document.title} eyebrow={document.eyebrow}>
        <p>{document.intro}</p>
        <p className="legal-date">
          {`${document.date.label}: `}
          <time dateTime={document.date.iso}>{document.date.text}</time>
        </p>
      </PageHero>
      <div className="section legal-page">
        <div className={`container legal-layout${document.summary ? ' legal-layout--with-summary' : ''}`}>
          {document.summary && (
            <aside className="legal-summary" aria-labelledby="legal-summary-heading">
              <h2 id="legal-summary-heading" className="legal-summary__heading">
                At a glance
              </h2>
              <ul>
                {document.summary.map((point, index) => (
                  <li key={index}>
                    <RichText content={point} />
                  </li>
                ))}
              </ul>
            </aside>
          )}
          <nav className="legal-toc" aria-labelledby="legal-toc-heading">
            <h2 id="legal-toc-heading" className="legal-toc__heading">
              On this page
            </h2>
            <ol className="legal-toc__list">
              {document.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          <article className="prose legal-article">
            {document.sections.map((section) => (
              <section key={section.id} id={section.id} className="legal-section" aria-labelledby={`${section.id}-heading`}>
                <h2 id={`${section.id}-heading`}>{section.heading}</h2>
                {section.blocks.map((block, index) => (
                  <RichBlock key={index} block={block} />
                ))}
                {document.analyticsChoice?.section === section.id && <AnalyticsChoice words={document.analyticsChoice} />}
              </section>
            ))}
          </article>
        </div>
      </div>
    </>
  );
}
