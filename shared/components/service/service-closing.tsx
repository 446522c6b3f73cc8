import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { EmailLink } from '../email-link';
import { LineIcon } from '../line-icon';

interface ServiceClosingProps {
  heading: string;
  text: string;
  tone: 'plain' | 'alt';
}

/** The closing block of every service page: the 'Get Started Today' link to the contact page. */
export function ServiceClosing({ heading, text, tone }: ServiceClosingProps) {
  return (
    <section className={`section service-closing service-section--${tone}`} aria-labelledby="service-closing-heading">
      <div className="container">
        <div className="service-closing__panel">
          <div className="service-closing__copy">
            <h2 id="service-closing-heading">{heading}</h2>
            <p>{text}</p>
          </div>
          <div className="service-closing__actions">
            <Link className="button button--primary" to={paths.contact}>
              Get Started Today
              <LineIcon name="arrow" size={18} />
            </Link>
            <p className="service-closing__email">
              Or write to us at <EmailLink />
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
