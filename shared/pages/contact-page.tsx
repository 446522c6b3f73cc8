import { Link } from 'react-router-dom';
import { ExternalLink } from '../components/external-link';
import { NewsletterSection } from '../components/newsletter-section';
import { PageHero } from '../components/page-hero';
import { CalendarIcon, MailIcon } from '../components/service/icons';
import { mailtoHref } from '../components/service/rich-text';
import { externalUrls, firm, podcast } from '../content/site';
import type { RouteHandle } from '../page-meta';
import { paths } from '../paths';

/** Copy of the contact page. Names, the email and outside URLs come from site.ts. */
const contactCopy = {
  eyebrow: 'Get in Touch',
  intro:
    'Whether you are weighing an IAR role, planning an RIA of your own or looking for help with a complex client, ' +
    'the first step is a conversation.',
  schedule: {
    heading: 'Schedule a Consultation',
    text:
      'Pick a time that suits you for a 30-minute introductory call with our team. There is no cost and no obligation.',
    note: 'Booking opens our online scheduler in a new tab.',
  },
  email: {
    heading: 'Email Us',
    text: 'Prefer to write? Tell us about your practice and what you are looking for. We reply within two business days.',
    note: 'Please do not send account numbers or other sensitive financial details by email.',
  },
  next: {
    heading: 'What Happens Next',
    intro: 'A clear, unhurried process, so you always know where things stand.',
    steps: [
      {
        title: 'A conversation about your practice',
        text: 'On the first call we learn about your firm, your clients and what you want advisory services to do for them. No preparation is needed.',
      },
      {
        title: 'A recommendation in writing',
        text: 'Within a week we send a short summary of the options that fit: which services to add, and whether our RIA or an RIA of your own makes more sense.',
      },
      {
        title: 'A plan to get started',
        text: 'If you decide to go ahead, we agree a timeline covering licensing, compliance and onboarding, and introduce the team who will support you.',
      },
    ],
  },
  learnFirst: 'Not ready to talk yet?',
} as const;

export const handle: RouteHandle = {
  meta: () => ({
    title: 'Contact',
    description: `Schedule a consultation with ${firm.name} or email ${firm.email}. Here is what happens after you get in touch.`,
  }),
};

export function Component() {
  return (
    <>
      <PageHero title="Contact Us" eyebrow={contactCopy.eyebrow}>
        <p>{contactCopy.intro}</p>
      </PageHero>

      <section className="section contact-options" aria-label="Ways to reach us">
        <div className="container contact-options__grid">
          <article className="contact-card contact-card--featured" aria-labelledby="contact-schedule-heading">
            <span className="contact-card__icon">
              <CalendarIcon />
            </span>
            <h2 id="contact-schedule-heading">{contactCopy.schedule.heading}</h2>
            <p>{contactCopy.schedule.text}</p>
            <p className="contact-card__action">
              <ExternalLink className="button button--primary" href={externalUrls.scheduler}>
                {contactCopy.schedule.heading}
              </ExternalLink>
            </p>
            <p className="contact-card__note">{contactCopy.schedule.note}</p>
          </article>

          <article className="contact-card" aria-labelledby="contact-email-heading">
            <span className="contact-card__icon">
              <MailIcon />
            </span>
            <h2 id="contact-email-heading">{contactCopy.email.heading}</h2>
            <p>{contactCopy.email.text}</p>
            <p className="contact-card__action">
              <a className="contact-card__email" href={mailtoHref()}>
                {firm.email}
              </a>
            </p>
            <p className="contact-card__note">{contactCopy.email.note}</p>
          </article>
        </div>
      </section>

      <section className="section contact-next" aria-labelledby="contact-next-heading">
        <div className="container">
          <header className="service-section__header">
            <h2 id="contact-next-heading">{contactCopy.next.heading}</h2>
            <p className="service-section__intro">{contactCopy.next.intro}</p>
          </header>
          <ol className="contact-steps">
            {contactCopy.next.steps.map((step) => (
              <li key={step.title} className="contact-step">
                <h3 className="contact-step__title">{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="contact-next__learn">
            <strong>{contactCopy.learnFirst}</strong> Listen to{' '}
<Link to={paths.podcast}>{podcast.name}</Link> or read our{' '}
            <Link to={paths.press}>press and publications</Link>.
          </p>
        </div>
      </section>

      <NewsletterSection />
    </>
  );
}
