import { useSiteData } from '../site-data';

/** The firm's wordmark: a small harbour-light mark and the short name. */
export function BrandMark() {
  const { firm } = useSiteData();
  return (
    <span className="brand-mark">
      <svg className="brand-mark__icon" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="currentColor" opacity="0.12" />
        <path d="M16 5 L22 27 H10 Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M11.5 20 H20.5 M13 14 H19" stroke="#b8862b" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="brand-mark__text">{firm.shortName}</span>
    </span>
  );
}
