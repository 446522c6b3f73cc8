import { Link } from 'react-router-dom';
import type { SectionIntro, Service } from '../../content/types';
import { anchors } from '../../paths';
import { LineIcon } from '../line-icon';
import { HomeSectionHeader } from './section-header';

/**
 * Home §3 'Integrated Services' (anchor #services). Every card is wholly
 * clickable through one stretched link on its title (a single tab stop, no
 * nested interactive elements), except a card with `ownLink`, which is plain
 * and holds its own link.
 */
export function ServicesGrid({ intro, services }: { intro: SectionIntro; services: readonly Service[] }) {
  return (
    <section id={anchors.services} className="services-grid section below-fold" aria-labelledby="services-heading">
      <div className="container">
        <HomeSectionHeader id="services-heading" intro={intro} />
        <ul className="services-grid__list grid-list">
          {services.map((service) => {
            // A linked card rises as a whole; the card with its own link stays put.
            const kind = service.ownLink ? 'services-grid__card--static' : 'services-grid__card--link card--lift';
            return (
              <li key={service.link} className={`services-grid__card card ${kind}`}>
                <span className="services-grid__icon">
                  <LineIcon name={service.icon} size={28} />
                </span>
                <h3 className="services-grid__title">
                  {service.ownLink ? (
                    service.title
                  ) : (
                    <Link className="services-grid__link stretched-link" to={service.link}>
                      {service.title}
                    </Link>
                  )}
                </h3>
                <p className="services-grid__description">{service.description}</p>
                {service.ownLink ? (
                  <Link className="services-grid__more services-grid__more--link" to={service.link}>
                    <span className="services-grid__more-text">{service.ownLink.label}</span>
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
