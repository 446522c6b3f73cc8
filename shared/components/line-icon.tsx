import type { ServiceIcon } from '../content/types';
import { useDocumentData } from '../document-context';

export type LineIconName = ServiceIcon | 'check' | 'calendar-check' | 'mail' | 'arrow';

interface LineIconProps {
  name: LineIconName;
  /** Rendered width and height in pixels (CSS may override). */
  size: number;
  className?: string;
}

/**
 * A stroked line icon (24×24, currentColor) from the icon sprite (icons.svg):
 * the six services, and the small marks of the service, contact and legal
 * pages. Decorative: the text beside it carries the meaning.
 */
export function LineIcon({ name, size, className }: LineIconProps) {
  const { assets } = useDocumentData();
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <use href={`${assets.iconSprite}#line-${name}`} />
    </svg>
  );
}
