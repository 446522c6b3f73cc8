import type { ServiceItem, ServiceSection } from '../../content/types';
import { LineIcon } from '../line-icon';

interface ServiceSectionBlockProps {
  section: ServiceSection;
  /** Alternating backgrounds give the long page a rhythm. */
  tone: 'plain' | 'alt';
}

/** One titled section of a service page: a heading, an optional intro and its items in the section's layout. */
export function ServiceSectionBlock({ section, tone }: ServiceSectionBlockProps) {
  const headingId = `${section.id}-heading`;
  const layout = section.layout ?? 'cards';
  return (
    <section id={section.id} className={`section service-section service-section--${tone}`} aria-labelledby={headingId}>
      <div className={layout === 'steps' ? 'container service-section__split' : 'container'}>
        <header className="service-section__header">
          <h2 id={headingId}>{section.heading}</h2>
          {section.intro && <p className="service-section__intro">{section.intro}</p>}
        </header>
        {layout === 'paths' && <PathList items={section.items} />}
        {layout === 'steps' && <StepList items={section.items} />}
        {layout === 'cards' && <CardGrid items={section.items} />}
      </div>
    </section>
  );
}

function CardGrid({ items }: { items: ServiceItem[] }) {
  // Four items sit best as 2 × 2 or 4 across; three and six as rows of three.
  const columns = items.length % 3 === 0 ? 'thirds' : 'quarters';
  return (
    <ul className={`service-grid service-grid--${columns} grid-list`}>
      {items.map((item) => (
        <li key={item.title} className="service-card">
          <span className="service-card__icon">
            <LineIcon name="check" size={20} />
          </span>
          <h3 className="service-card__title">{item.title}</h3>
          <p className="service-card__text">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

function PathList({ items }: { items: ServiceItem[] }) {
  return (
    <ol className="service-paths grid-list">
      {items.map((item, index) => (
        <li key={item.title} className={`service-path panel ${index % 2 === 0 ? 'service-path--light' : 'service-path--dark panel--dark'}`}>
          {item.label && <p className="service-path__label">{item.label}</p>}
          <h3 className="service-path__title">{item.title}</h3>
          <p>{item.text}</p>
          {item.points && item.points.length > 0 && (
            <ul className="check-list">
              {item.points.map((point) => (
                <li key={point}>
                  <LineIcon name="check" size={20} className="check-list__icon" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          )}
          {item.bestFor && (
            <p className="service-path__fit">
              <strong>Best for: </strong>
              {item.bestFor}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

function StepList({ items }: { items: ServiceItem[] }) {
  return (
    <ol className="service-steps">
      {items.map((item) => (
        <li key={item.title} className="service-step">
          <h3 className="service-step__title">{item.title}</h3>
          <p className="service-step__text">{item.text}</p>
        </li>
      ))}
    </ol>
  );
}
