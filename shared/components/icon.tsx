import type { SocialLink } from '../content/types';
import type { ListenPlatform } from '../content/types';
import { useDocumentData } from '../document-context';

export type IconName =
  | ListenPlatform
  | SocialLink['icon']
  | 'play'
  | 'headphones'
  | 'clock'
  | 'calendar'
  | 'arrow-left'
  | 'arrow-right'
  | 'check-circle'
  | 'brand-mark';

/**
 * Filled single-colour glyphs (24×24, currentColor) for platforms, social
 * profiles and episode details, drawn from the icon sprite (icons.svg, a
 * hashed asset the browser caches), so no path data travels in JavaScript.
 * Decorative, so hidden from assistive technology. Stroked line icons:
 * line-icon.tsx.
 */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  const { assets } = useDocumentData();
  return (
    <svg className={className ? `icon ${className}` : 'icon'} width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`${assets.iconSprite}#${name}`} />
    </svg>
  );
}
