import { newsletterCopy } from '../content/home';
import { anchors, paths } from '../paths';

/** The newsletter sign-up section (spec §2 Home 9). Placeholder markup; the newsletter work makes it live. */
export function NewsletterSection() {
  return (
    <section id={anchors.newsletter} className="newsletter-section" aria-labelledby="newsletter-heading">
      <div className="container newsletter-section__inner">
        <h2 id="newsletter-heading">{newsletterCopy.heading}</h2>
        <p>{newsletterCopy.text}</p>
        <form className="newsletter-form" method="post" action={paths.subscribeApi}>
          <label htmlFor="newsletter-email">Email Address</label>
          <input id="newsletter-email" name="email" type="email" autoComplete="email" required />
          <button type="submit" className="button button--primary">
            Subscribe Now
          </button>
        </form>
        <p className="newsletter-section__note">{newsletterCopy.privacyNote}</p>
      </div>
    </section>
  );
}
