import { processSteps, sectionIntros } from '../../content/home';
import { HomeSectionHeader } from './section-header';

/** Home §5 'Our Process': the four numbered steps, in order. */
export function ProcessSection() {
  return (
    <section className="process-section section" aria-labelledby="process-heading">
      <div className="container">
        <HomeSectionHeader id="process-heading" intro={sectionIntros.process} onDark />
        <ol className="process-section__steps grid-list">
          {processSteps.map((step) => (
            <li key={step.number} className="process-section__step">
              <span className="process-section__number">{step.number}</span>
              <h3 className="process-section__title">{step.title}</h3>
              <p className="process-section__text">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
