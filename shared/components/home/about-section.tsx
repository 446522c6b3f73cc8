import { useSiteData } from '../../site-data';
import { Icon } from '../icon';

export interface AboutContent {
  intro: string;
  checklist: readonly string[];
  tiles: readonly { title: string; description: string }[];
}

/** Home §4 'About': the introduction, four checklist items and four tiles. */
export function AboutSection({ about }: { about: AboutContent }) {
  const { firm } = useSiteData();
  return (
    <section className="about-section section below-fold" aria-labelledby="about-heading">
      <div className="container about-section__grid">
        <div className="about-section__text">
          <p className="eyebrow">{firm.name}</p>
          <h2 id="about-heading">About</h2>
          <p className="about-section__intro">{about.intro}</p>
          <h3 className="about-section__subheading">What you gain by working with us</h3>
          <ul className="about-section__checklist">
            {about.checklist.map((item) => (
              <li key={item} className="about-section__check-item">
                <Icon name="check-circle" size={22} className="about-section__check" />
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
