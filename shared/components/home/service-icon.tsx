import type { ServiceIcon as ServiceIconName } from '../../content/types';

/** Line icons (24×24, stroked with currentColor) for the six services. */
const icons: Record<ServiceIconName, readonly string[]> = {
  // Rising bars with a trend line: investment management.
  chart: ['M4 20h16', 'M7 16v-3', 'M11 16v-6', 'M15 16v-4', 'M19 16V7', 'M5 11l5-5 4 3 6-5'],
  // A compass: financial planning.
  compass: ['M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z', 'M15.5 8.5l-2 5-5 2 2-5 5-2Z'],
  // Sun over the horizon: retirement planning.
  sunrise: ['M3 18h18', 'M7 18a5 5 0 0 1 10 0', 'M12 6v3', 'M5 11l2 2', 'M19 11l-2 2', 'M8 21h8'],
  // A shield with a check: estate planning.
  shield: ['M12 3l7 3v5c0 4.6-3 8.4-7 10-4-1.6-7-5.4-7-10V6l7-3Z', 'M9 12l2 2 4-4'],
  // Two paths joining: merger advisory.
  merge: ['M6 3v3a6 6 0 0 0 6 6', 'M18 3v3a6 6 0 0 1-6 6', 'M12 12v9', 'M9 18l3 3 3-3'],
  // Three people: family office.
  family: [
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
    'M3 20v-1a5 5 0 0 1 5-5h2a5 5 0 0 1 5 5v1',
    'M16.5 11a2.5 2.5 0 1 0 0-5',
    'M18 14a4 4 0 0 1 3 4v2',
  ],
};

/** A decorative icon for a service card; the card's title carries the meaning. */
export function ServiceIcon({ name, className }: { name: ServiceIconName; className?: string }) {
  return (
    <svg
      className={className}
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {icons[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
