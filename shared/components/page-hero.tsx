import type { ReactNode } from 'react';

interface PageHeroProps {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}

/** The dark band every inner page opens with; the transparent nav bar sits on it. */
export function PageHero({ title, eyebrow, children }: PageHeroProps) {
  return (
    <section className="page-hero">
      <div className="container page-hero__inner">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
