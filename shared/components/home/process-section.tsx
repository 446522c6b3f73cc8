import type { ProcessStep, SectionIntro } from '../../content/types';
import { HomeSectionHeader } from './section-header';

/** Home §5 'Our Process': the four numbered steps, in order. */
export function ProcessSection({ intro, steps }: { intro: SectionIntro; steps: readonly ProcessStep[] }) {
  return (
    <section className="process-section section below-fold" aria-labelledby="process-heading">
      <div className="container">
        <HomeSectionHeader id="process-heading" intro={intro} onDark />
        <ol className="process-section__steps grid-list">
          {steps.map((step) => (
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
