import { useSiteData } from '../site-data';
import { Icon } from './icon';

/** The firm's wordmark: a small harbour-light mark (from the icon sprite) and the short name. */
export function BrandMark() {
  const { firm } = useSiteData();
  return (
    <span className="brand-mark">
      <Icon name="brand-mark" size={32} className="brand-mark__icon" />
      <span className="brand-mark__text">{firm.shortName}</span>
    </span>
  );
}
