import { useSiteData } from '../../site-data';

export interface AboutContent {
  intro: string;
  checklist: readonly string[];
  tiles: readonly { title: string; description: string }[];
}

function CheckIcon() {
  return (
    <svg
      className="about-section__check"
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="M7 12.5l3.2 3.2L17 9" stroke="#fff" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Home §4 'About': the introduction, four checklist items and four tiles. */
export function AboutSection({ about }: { about: AboutContent }) {
  const { firm } = useSiteData();
  return (
    <section className="about-section section" aria-labelledby="about-heading">
      <div className="container about-section__grid">
        <div className="about-section__text">
          <p className="eyebrow">{firm.name}</p>
          <h2 id="about-heading">About</h2>
          <p className="about-section__intro">{about.intro}</p>
          <h3 className="about-section__subheading">What you gain by working with us</h3>
          <ul className="about-section__checklist">
            {about.checklist.map((item) => (
              <li key={item} className="about-section__check-item">
                <CheckIcon />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
        <ul className="about-section__tiles grid-list">
          {about.tiles.map((tile, index) => (
            <li key={tile.title} className="about-section__tile">
              <span className="about-section__tile-mark" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="about-section__tile-title">{tile.title}</h3>
              <p className="about-section__tile-text">{tile.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
