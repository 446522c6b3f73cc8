import type { ServiceIcon } from '../content/types';

export type LineIconName = ServiceIcon | 'check' | 'calendar-check' | 'mail' | 'arrow';

/**
 * Stroked line icons (24×24, currentColor): the six services, and the small
 * marks of the service, contact and legal pages. Each glyph keeps the stroke
 * weight it was drawn for. Filled glyphs live in icon.tsx.
 */
const glyphs: Record<LineIconName, { strokeWidth: number; paths: readonly string[] }> = {
  // Rising bars with a trend line: investment management.
  chart: {
    strokeWidth: 1.6,
    paths: ['M4 20h16', 'M7 16v-3', 'M11 16v-6', 'M15 16v-4', 'M19 16V7', 'M5 11l5-5 4 3 6-5'],
  },
  // A compass: financial planning.
  compass: { strokeWidth: 1.6, paths: ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z', 'M15.5 8.5l-2 5-5 2 2-5 5-2Z'] },
  // Sun over the horizon: retirement planning.
  sunrise: {
    strokeWidth: 1.6,
    paths: ['M3 18h18', 'M7 18a5 5 0 0 1 10 0', 'M12 6v3', 'M5 11l2 2', 'M19 11l-2 2', 'M8 21h8'],
  },
  // A shield with a check: estate planning.
  shield: { strokeWidth: 1.6, paths: ['M12 3l7 3v5c0 4.6-3 8.4-7 10-4-1.6-7-5.4-7-10V6l7-3Z', 'M9 12l2 2 4-4'] },
  // Two paths joining: merger advisory.
  merge: { strokeWidth: 1.6, paths: ['M6 3v3a6 6 0 0 0 6 6', 'M18 3v3a6 6 0 0 1-6 6', 'M12 12v9', 'M9 18l3 3 3-3'] },
  // Three people: family office.
  family: {
    strokeWidth: 1.6,
    paths: [
      'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
      'M3 20v-1a5 5 0 0 1 5-5h2a5 5 0 0 1 5 5v1',
      'M16.5 11a2.5 2.5 0 1 0 0-5',
      'M18 14a4 4 0 0 1 3 4v2',
    ],
  },
  check: { strokeWidth: 2.5, paths: ['M5 12.5l4.5 4.5L19 7.5'] },
  // A calendar page with a tick: scheduling.
  'calendar-check': {
    strokeWidth: 1.8,
    paths: [
      'M5.5 5h13a2 2 0 0 1 2 2v11.5a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z',
      'M3.5 10h17M8 3v4M16 3v4',
      'M8.5 14.5l2 2 4-4',
    ],
  },
  // An envelope: email.
  mail: {
    strokeWidth: 1.8,
    paths: ['M5 5.5h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-9a2 2 0 0 1 2-2Z', 'M3.5 7l8.5 6 8.5-6'],
  },
  arrow: { strokeWidth: 2, paths: ['M5 12h13M13 6.5l5.5 5.5-5.5 5.5'] },
};

interface LineIconProps {
  name: LineIconName;
  /** Rendered width and height in pixels (CSS may override). */
  size: number;
  className?: string;
}

/** A decorative line icon; the text beside it carries the meaning, so it is hidden from assistive technology. */
export function LineIcon({ name, size, className }: LineIconProps) {
  const glyph = glyphs[name];
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={glyph.strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {glyph.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
