import type { SocialLink } from '../content/types';
import type { ListenPlatform } from '../rules/youtube';

export type IconName =
  | ListenPlatform
  | SocialLink['icon']
  | 'play'
  | 'headphones'
  | 'clock'
  | 'calendar'
  | 'arrow-left'
  | 'arrow-right';

/**
 * Filled single-colour glyphs (24×24, currentColor) for platforms, social
 * profiles and episode details; decorative, so hidden from assistive technology.
 * Stroked line icons live in line-icon.tsx.
 */
const glyphs: Record<IconName, string> = {
  youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.76-1.77C18.27 5 12 5 12 5s-6.27 0-7.84.43A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.76 1.77C5.73 19 12 19 12 19s6.27 0 7.84-.43a2.5 2.5 0 0 0 1.76-1.77A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z',
  spotify:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm4.6 14.4a.62.62 0 0 1-.86.2c-2.35-1.43-5.3-1.76-8.79-.96a.63.63 0 0 1-.28-1.22c3.81-.87 7.09-.5 9.73 1.12.3.18.39.57.2.86Zm1.23-2.73a.78.78 0 0 1-1.07.26c-2.69-1.65-6.79-2.13-9.97-1.17a.78.78 0 1 1-.45-1.5c3.63-1.1 8.15-.57 11.24 1.33.37.23.48.71.25 1.08Zm.1-2.85C14.7 8.9 9.38 8.72 6.3 9.66a.94.94 0 1 1-.54-1.8c3.53-1.07 9.4-.86 13.1 1.33a.94.94 0 0 1-.96 1.62Z',
  apple:
    'M12 2.5a7.5 7.5 0 0 0-4.5 13.5.9.9 0 1 0 1.08-1.44 5.7 5.7 0 1 1 6.84 0A.9.9 0 1 0 16.5 16 7.5 7.5 0 0 0 12 2.5Zm0 3.6a3.9 3.9 0 0 0-2.6 6.8.9.9 0 1 0 1.2-1.34 2.1 2.1 0 1 1 2.8 0 .9.9 0 1 0 1.2 1.34A3.9 3.9 0 0 0 12 6.1Zm0 3.6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm0 4.2c-1.1 0-1.7.62-1.6 1.7l.45 4.6c.07.72.46 1.3 1.15 1.3s1.08-.58 1.15-1.3l.45-4.6c.1-1.08-.5-1.7-1.6-1.7Z',
  linkedin:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.8v1.5h.06c.53-.95 1.83-1.95 3.76-1.95 4.02 0 4.76 2.5 4.76 5.76v5.69h-4v-5.04c0-1.2-.02-2.75-1.75-2.75-1.75 0-2.02 1.31-2.02 2.66v5.13h-4v-11Z',
  microblog: 'M4 4h4.2l4 5.6L16.9 4H20l-6.3 7.4L20.5 20h-4.2l-4.4-6.1L6.6 20H3.5l6.9-8.1L4 4Z',
  photos:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm0 2a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2H7Zm5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7Zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3ZM17.25 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z',
  play: 'M8 5.14v13.72a1 1 0 0 0 1.52.85l11-6.86a1 1 0 0 0 0-1.7l-11-6.86A1 1 0 0 0 8 5.14Z',
  headphones:
    'M12 3a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h1a2 2 0 0 0 2-2v-4a2 2 0 0 0-2-2H5v-1a7 7 0 0 1 14 0v1h-2a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h1a3 3 0 0 0 3-3v-6a9 9 0 0 0-9-9Z',
  clock:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm-1 3v5.41l3.8 3.8 1.4-1.42L13 11.6V7h-2Z',
  calendar:
    'M7 2h2v2h6V2h2v2h2a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2V2ZM5 10v9h14v-9H5Zm0-2h14V6H5v2Z',
  'arrow-left': 'M11.7 5.3a1 1 0 0 1 0 1.4L7.42 11H19a1 1 0 1 1 0 2H7.41l4.3 4.3a1 1 0 0 1-1.42 1.4l-6-6a1 1 0 0 1 0-1.4l6-6a1 1 0 0 1 1.42 0Z',
  'arrow-right': 'M12.3 5.3a1 1 0 0 1 1.4 0l6 6a1 1 0 0 1 0 1.4l-6 6a1 1 0 0 1-1.4-1.4l4.29-4.3H5a1 1 0 1 1 0-2h11.59l-4.3-4.3a1 1 0 0 1 0-1.4Z',
};

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={glyphs[name]} fill="currentColor" />
    </svg>
  );
}
