import { useId } from 'react';
import type { ReactNode } from 'react';

interface PageHeroProps {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}

/** The dark band every inner page opens with; the transparent nav bar sits on it. It is named by its h1. */
export function PageHero({ title, eyebrow, children }: PageHeroProps) {
  const titleId = useId();
  return (
    <section className="page-hero" aria-labelledby={titleId}>
      <div className="container page-hero__inner">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 id={titleId}>{title}</h1>
        {children}
      </div>
    </section>
  );
}
