import type { SectionIntro } from '../../content/types';

interface HomeSectionHeaderProps {
  /** The heading's id, which the section's aria-labelledby names. */
  id: string;
  intro: SectionIntro;
  /** On a navy section the text turns light. */
  onDark?: boolean;
}

/** The centred eyebrow, heading and lead that open a home-page section. */
export function HomeSectionHeader({ id, intro, onDark = false }: HomeSectionHeaderProps) {
  return (
    <header className={`home-section__header${onDark ? ' home-section__header--on-dark' : ''}`}>
      <p className="eyebrow">{intro.eyebrow}</p>
      <h2 id={id}>{intro.title}</h2>
      <p className="home-section__lead">{intro.lead}</p>
    </header>
  );
}
