import { processSteps } from '../../content/home';

/** Home §5 'Our Process': the four numbered steps, in order. */
export function ProcessSection() {
  return (
    <section className="process-section section" aria-labelledby="process-heading">
      <div className="container">
        <header className="home-section__header home-section__header--on-dark">
          <p className="eyebrow">How We Work Together</p>
          <h2 id="process-heading">Our Process</h2>
          <p className="home-section__lead">
            A clear path from the first conversation to a thriving advisory practice, with our team beside you at every
            step.
          </p>
        </header>
        <ol className="process-section__steps">
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
