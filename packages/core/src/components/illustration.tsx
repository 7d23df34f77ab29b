import { vars } from '@marina/theme/vars.css.ts';

/**
 * A small scene of the marina (sea, sun, a boat) drawn in the marina's own colours from the theme, in either
 * scheme. Decorative, and without words inside: the text beside it says what it means.
 */
export function MarinaScene({ className, boat = true }: { className?: string; boat?: boolean }) {
  return (
    <svg className={className} viewBox="0 0 240 140" aria-hidden="true" focusable="false">
      <rect width="240" height="140" rx="20" fill={vars.color.brandSoft} />
      <circle cx="186" cy="40" r="16" fill={vars.color.warningBorder} />
      {boat ? (
        <g>
          <path d="M112 30v52H78z" fill={vars.color.surface} />
          <path d="M118 40l28 42h-28z" fill={vars.color.surface} opacity="0.85" />
          <path d="M70 86h88l-10 16H82z" fill={vars.color.primary} />
        </g>
      ) : null}
      <path
        d="M0 104c20 0 20-8 40-8s20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8v36H0z"
        fill={vars.color.primary}
        opacity="0.35"
      />
      <path
        d="M0 116c20 0 20-8 40-8s20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8v24H0z"
        fill={vars.color.primary}
        opacity="0.6"
      />
    </svg>
  );
}
