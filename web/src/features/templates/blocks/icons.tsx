/** Inline SVG icons (no icon font download): stroke icons on a 24-unit grid. */
const PATHS = {
  mail: 'M4 6h16v12H4z M4 7l8 6 8-6',
  phone:
    'M6.6 3.5h3l1.5 4-2 1.3a11 11 0 0 0 6.1 6.1l1.3-2 4 1.5v3a2 2 0 0 1-2.2 2A17 17 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2z',
  location:
    'M12 21s-7-6.3-7-11.5a7 7 0 0 1 14 0C19 14.7 12 21 12 21z M12 12.2a2.6 2.6 0 1 0 0-5.2 2.6 2.6 0 0 0 0 5.2z',
  linkedin: 'M4 4h16v16H4z M8 10v6 M8 7.2v.1 M12 16v-3.5a2 2 0 0 1 4 0V16 M12 10v6',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M3 12h18 M12 3c2.5 2.7 3.6 5.7 3.6 9s-1.1 6.3-3.6 9c-2.5-2.7-3.6-5.7-3.6-9S9.5 5.7 12 3z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4.5 20a7.5 7.5 0 0 1 15 0',
  briefcase: 'M3.5 8h17v11h-17z M9 8V5.5h6V8 M3.5 13h17',
  rocket:
    'M12 15l-3-3c1.5-4.5 4.5-7.5 9.5-8.5-1 5-4 8-6.5 11.5z M9 12l-3.5.5L4 15l4 .5 M12 15l-.5 3.5L9 20l-.5-4',
  graduation: 'M2.5 9L12 4.5 21.5 9 12 13.5z M6.5 11v4.5c3.3 2.4 7.7 2.4 11 0V11 M21.5 9v5',
  school: 'M4 20V9l8-5 8 5v11z M9.5 20v-5h5v5 M4 20h16',
  sparkle: 'M12 3l2 6.5L20.5 12 14 14l-2 7-2-7-6.5-2L10 9.5z',
  translate:
    'M4 5h8 M8 3v2 M5.5 5c.5 3 2.5 5.5 5.5 7 M10.5 5c-.5 3-2.5 5.5-6 7 M13 21l4-10 4 10 M14.5 17.5h5',
  heart: 'M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.3 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z',
  badge:
    'M12 3l2.2 1.6 2.7-.1.8 2.6 2.2 1.6-.9 2.6.9 2.6-2.2 1.6-.8 2.6-2.7-.1L12 21l-2.2-1.6-2.7.1-.8-2.6L4.1 15.3l.9-2.6-.9-2.6 2.2-1.6.8-2.6 2.7.1z M9 12l2 2 4-4',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M2.5 20a6.5 6.5 0 0 1 13 0 M16 4.3a3.5 3.5 0 0 1 0 6.4 M18 14.5a6.5 6.5 0 0 1 3.5 5.5',
  id: 'M3.5 5.5h17v13h-17z M8.5 12.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M5.5 16a3 3 0 0 1 6 0 M14 9.5h4 M14 13h4',
  calendar: 'M4 6h16v14H4z M4 10h16 M8 3.5V7 M16 3.5V7',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ?? 'size-4'}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
