import { Link } from 'react-router-dom';
import type { Service } from '../../content/types';
import { anchors } from '../../paths';
import { ServiceIcon } from './service-icon';

interface ServicesGridProps {
  services: readonly Service[];
  /**
   * The service whose card is not itself a link (spec: Investment Management)
   * but carries its own 'Learn more about pathways' link to this address.
   */
  pathwaysLink: string;
}

/**
 * Home §3 'Integrated Services' (anchor #services). Every card is wholly
 * clickable through one stretched link on its title (a single tab stop, no
 * nested interactive elements), except the pathways card, which is plain
 * and holds its own link.
 */
export function ServicesGrid({ services, pathwaysLink }: ServicesGridProps) {
  return (
    <section id={anchors.services} className="services-grid section" aria-labelledby="services-heading">
      <div className="container">
        <header className="home-section__header">
          <p className="eyebrow">What We Offer</p>
          <h2 id="services-heading">Integrated Services</h2>
          <p className="home-section__lead">
            Six disciplines, one coordinated team: everything your clients need to plan, invest and protect what
            they have built.
          </p>
        </header>
        <ul className="services-grid__list">
          {services.map((service) => {
            const isPathways = service.link === pathwaysLink;
            return (
              <li
                key={service.link}
                className={`services-grid__card services-grid__card--${isPathways ? 'static' : 'link'}`}
              >
                <span className="services-grid__icon">
                  <ServiceIcon name={service.icon} />
                </span>
                <h3 className="services-grid__title">
                  {isPathways ? (
                    service.title
                  ) : (
                    <Link className="services-grid__link" to={service.link}>
                      {service.title}
                    </Link>
                  )}
                </h3>
                <p className="services-grid__description">{service.description}</p>
                {isPathways ? (
                  <Link className="services-grid__more services-grid__more--link" to={service.link}>
                    <span className="services-grid__more-text">Learn more about pathways</span>
                    <span className="services-grid__arrow" aria-hidden="true">
                      →
                    </span>
                  </Link>
                ) : (
                  <span className="services-grid__more" aria-hidden="true">
                    Explore
                    <span className="services-grid__arrow">→</span>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
