import { Link } from 'react-router-dom';
import { paths } from '../paths';
import { useSiteData } from '../site-data';
import { BrandMark } from './brand-mark';
import { ExternalLink } from './external-link';
import { Icon } from './icon';

export function SiteFooter() {
  const { firm, footerGroups, regulatoryLinks, socialLinks } = useSiteData();
  return (
    <footer className="site-footer below-fold">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Link to={paths.home} className="site-footer__brand" aria-label={`${firm.name} home`}>
            <BrandMark />
          </Link>
          <p>{firm.tagline}.</p>
          <ul className="site-footer__social" aria-label="Social media">
            {socialLinks.map((social) => (
              <li key={social.label}>
                {social.href ? (
                  <ExternalLink href={social.href} className="social-link" aria-label={social.label}>
                    <Icon name={social.icon} />
                  </ExternalLink>
                ) : (
                  // No profile yet: shown, but not a link that goes nowhere.
                  <span className="social-link social-link--placeholder" role="img" aria-label={social.label}>
                    <Icon name={social.icon} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
        {footerGroups.map((group) => (
          <nav key={group.title} className="site-footer__group" aria-label={group.title}>
            <h2 className="site-footer__heading">{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__legal">
        <p>{firm.copyright}</p>
        <p className="site-footer__disclaimer">{firm.disclaimer}</p>
        {(regulatoryLinks.formCrs || regulatoryLinks.adviserSearch) && (
          <ul className="site-footer__regulatory" aria-label="Regulatory disclosures">
            {regulatoryLinks.formCrs && (
              <li>
                <ExternalLink href={regulatoryLinks.formCrs}>Form CRS (Client Relationship Summary)</ExternalLink>
              </li>
            )}
            {regulatoryLinks.adviserSearch && (
              <li>
                <ExternalLink href={regulatoryLinks.adviserSearch}>Look us up on the SEC's adviser search</ExternalLink>
              </li>
            )}
          </ul>
        )}
      </div>
    </footer>
  );
}
