import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router-dom';
import { ContactForm } from '../components/contact-form';
import { EmailLink } from '../components/email-link';
import { ExternalLink } from '../components/external-link';
import { LineIcon } from '../components/line-icon';
import type { LineIconName } from '../components/line-icon';
import { NewsletterSection } from '../components/newsletter-section';
import { PageHero } from '../components/page-hero';
import { RichText } from '../components/service/rich-text';
import type { ContactPageContent } from '../content/types';
import type { PageData } from '../page-head';
import type { NewsletterFormState } from '../rules/newsletter';
import type { ContactFormState } from '../rules/contact-form';
import { useSiteData } from '../site-data';

export interface ContactPageData extends PageData {
  contact: ContactPageContent;
  newsletter: NewsletterFormState;
  contactForm: ContactFormState;
}

interface ContactCardProps {
  id: string;
  icon: LineIconName;
  copy: { heading: string; text: string; note: string };
  /** The way to get in touch: the scheduler button or the email address. */
  action: ReactNode;
  /** The navy card that draws the eye first. */
  featured?: boolean;
}

/** One way to reach the firm: icon, heading, a sentence, the action and a note. */
function ContactCard({ id, icon, copy, action, featured = false }: ContactCardProps) {
  const headingId = `contact-${id}-heading`;
  return (
    <article className={`contact-card panel${featured ? ' contact-card--featured panel--dark' : ''}`} aria-labelledby={headingId}>
      <span className="contact-card__icon">
        <LineIcon name={icon} size={28} />
      </span>
      <h2 id={headingId}>{copy.heading}</h2>
      <p>{copy.text}</p>
      <p className="contact-card__action">{action}</p>
      <p className="contact-card__note">{copy.note}</p>
    </article>
  );
}

export function Component() {
  const { contact: contactPage, newsletter, contactForm } = useLoaderData() as ContactPageData;
  const { externalUrls } = useSiteData();
  return (
    <>
      <PageHero title={contactPage.heroTitle} eyebrow={contactPage.eyebrow}>
        <p>{contactPage.intro}</p>
      </PageHero>

      <section className="section contact-options" aria-label="Ways to reach us">
        <div className="container contact-options__grid">
          <ContactCard
            id="schedule"
            icon="calendar-check"
            copy={contactPage.schedule}
            featured
            action={
              <ExternalLink className="button button--primary" href={externalUrls.scheduler} counted>
                {contactPage.schedule.heading}
              </ExternalLink>
            }
          />
          <ContactCard id="email" icon="mail" copy={contactPage.email} action={<EmailLink className="contact-card__email" />} />
        </div>
      </section>

      <ContactForm copy={contactPage.form} state={contactForm} />

      <section className="section contact-next" aria-labelledby="contact-next-heading">
        <div className="container">
          <header className="service-section__header">
            <h2 id="contact-next-heading">{contactPage.next.heading}</h2>
            <p className="service-section__intro">{contactPage.next.intro}</p>
          </header>
          <ol className="contact-steps grid-list">
            {contactPage.next.steps.map((step) => (
              <li key={step.title} className="contact-step">
                <h3 className="contact-step__title">{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="contact-next__learn">
            <RichText content={contactPage.learnFirst} />
          </p>
        </div>
      </section>

      <NewsletterSection form={newsletter} />
    </>
  );
}
