// Line icons of the landing page, drawn on a 24-unit grid (no icon font, no external file).
const PATHS = {
  cap: 'M2 9l10-5 10 5-10 5zM6 11v5c3 2.2 9 2.2 12 0v-5M22 9v5',
  users:
    'M16 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 18.5V20M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7M20 20v-1.5a3.5 3.5 0 0 0-2.5-3.4M15.5 4.2a3.5 3.5 0 0 1 0 6.6',
  wallet: 'M3 7h18v11H3zM12 15.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6M6.5 10.5v.01M17.5 14.5v.01',
  book: 'M5 3h10l4 4v14H5zM14 3v5h5M8.5 12.5h7M8.5 16.5h5',
  calendarCheck: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M9 15l2 2 4-4',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18M12 7v5l3.5 2',
  idCard: 'M3 5h18v14H3zM9 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4M5.5 16.5a3.5 3.5 0 0 1 7 0M15 9.5h3M15 13.5h3',
  school: 'M3 21h18M5 21V9l7-5 7 5v12M10 21v-5h4v5M10 11h4',
  shield: 'M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6zM9 12l2 2 4-4',
  lock: 'M5.5 11h13v10h-13zM8 11V7.5a4 4 0 0 1 8 0V11M12 15v2.5',
  journal: 'M9 3.5h6v3H9zM7 5H5v16h14V5h-2M8.5 11.5h7M8.5 15.5h5',
  archive: 'M3 4h18v4H3zM5 8v12h14V8M10 12h4',
  check: 'M5 12.5l4.5 4.5L19 7',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  cloudOff: 'M3 3l18 18M7.5 8A5 5 0 0 0 7 18h10M12.5 6.2A6 6 0 0 1 18.6 10 4 4 0 0 1 21 16.7',
  cloudCheck: 'M7 18a5 5 0 1 1 1.5-9.8A6 6 0 0 1 19.5 11 4 4 0 0 1 17 18zM9.5 13l2 2 3.5-3.5',
  chevronLeft: 'M15 18l-6-6 6-6',
  chevronRight: 'M9 18l6-6-6-6',
  pause: 'M9 5v14M15 5v14',
  play: 'M8 5l11 7-11 7z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
