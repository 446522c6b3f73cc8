import { useState } from 'react';
export interface Publication {
  name: string;
  logo: string;
  width: number;
  height: number;
}

function LogoList({ publications, clone }: { publications: readonly Publication[]; clone?: boolean }) {
  return (
    <ul className={`featured-strip__list${clone ? ' featured-strip__list--clone' : ''}`} {...(clone ? { 'aria-hidden': true } : {})}>
      {publications.map((publication) => (
        <li key={publication.name} className="featured-strip__item">
          <img
            className="featured-strip__logo"
            src={publication.logo}
            width={publication.width}
            height={publication.height}
            alt={clone ? '' : publication.name}
            // Lazy: small logos must not be preloaded ahead of the hero picture the first paint needs.
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * Home §2: 'We have been featured on:' and the six publication logos in a
 * slow marquee. The list is rendered twice so the loop is seamless; the copy
 * is hidden from assistive technology. The scroll can be paused (WCAG 2.2.2)
 * and does not move at all for visitors who prefer reduced motion.
 */
export function FeaturedStrip({ publications }: { publications: readonly Publication[] }) {
  // 'auto' until the button is used: the strip then also stops while focus is inside it (home.css).
  // Once someone presses Play, it plays even while its button keeps the focus.
  const [mode, setMode] = useState<'auto' | 'paused' | 'playing'>('auto');
  const paused = mode === 'paused';
  return (
    <section
      className={`featured-strip${paused ? ' featured-strip--paused' : ''}${mode === 'playing' ? ' featured-strip--playing' : ''}`}
      aria-labelledby="featured-heading"
    >
      <div className="container featured-strip__inner">
        <h2 id="featured-heading" className="featured-strip__heading">
          We have been featured on:
        </h2>
        <div className="featured-strip__marquee">
          <div className="featured-strip__rail">
            <LogoList publications={publications} />
            <LogoList publications={publications} clone />
          </div>
        </div>
        <div className="featured-strip__aside">
          <p className="featured-strip__more">and more ...</p>
          {/* The label says what a press does and changes with the state (no aria-pressed as well). */}
          <button
            type="button"
            className="featured-strip__toggle"
            onClick={() => setMode((current) => (current === 'paused' ? 'playing' : 'paused'))}
          >
            {paused ? 'Play logo scroll' : 'Pause logo scroll'}
          </button>
        </div>
      </div>
    </section>
  );
}
