import type { SVGProps } from 'react';

/** Line icons for the tab bar and the header; decorative, the label beside each names it. */
const paths = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  boat: 'M3 16l2 4h14l2-4zM12 3v11M12 4l6 8h-6M12 6l-5 6h5',
  launch: 'M12 3v12M7 10l5 5 5-5M4 20c2-1.5 4-1.5 6 0s4 1.5 6 0 4-1.5 4-1.5',
  card: 'M3 6h18v12H3zM7 14h4M15 9h3v3h-3z',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  back: 'M15 5l-7 7 7 7',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, ...props }: SVGProps<SVGSVGElement> & { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3.5 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={paths[name]} />
    </svg>
  );
}
