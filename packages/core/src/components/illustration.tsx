import type { JSX } from 'react';
import { vars } from '@marina/theme/vars.css.ts';

export type Scene = 'marina' | 'launch' | 'card' | 'share' | 'sea';

const { primary, surface, brandSoft, warningBorder, onBrandSoft, border } = vars.color;

function Boat({ x = 0, y = 0 }: { x?: number; y?: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path d="M112 30v52H78z" fill={surface} />
      <path d="M118 40l28 42h-28z" fill={surface} opacity="0.85" />
      <path d="M70 86h88l-10 16H82z" fill={primary} />
    </g>
  );
}

/** What each scene adds to the marina's sky and water. */
const FOREGROUND: Record<Scene, () => JSX.Element> = {
  marina: () => <Boat />,
  // The boat lowered from the rack into the water.
  launch: () => (
    <g>
      <path d="M36 104V24h92" fill="none" stroke={onBrandSoft} strokeWidth="6" strokeLinecap="round" />
      <path d="M120 24v14" stroke={onBrandSoft} strokeWidth="3" />
      <Boat x={-2} y={-22} />
      <path d="M196 60v28m-9-9 9 9 9-9" fill="none" stroke={primary} strokeWidth="4" strokeLinecap="round" />
    </g>
  ),
  // The card at the gate: the marina's band and a code.
  card: () => (
    <g>
      <rect x="62" y="18" width="116" height="84" rx="10" fill={surface} stroke={border} strokeWidth="2" />
      <rect x="62" y="18" width="116" height="22" rx="10" fill={primary} />
      <rect x="62" y="30" width="116" height="10" fill={primary} />
      <rect x="74" y="50" width="40" height="40" rx="3" fill={onBrandSoft} />
      <rect x="80" y="56" width="10" height="10" fill={surface} />
      <rect x="98" y="56" width="10" height="10" fill={surface} />
      <rect x="80" y="74" width="10" height="10" fill={surface} />
      <rect x="124" y="54" width="42" height="6" rx="3" fill={brandSoft} />
      <rect x="124" y="66" width="30" height="6" rx="3" fill={brandSoft} />
    </g>
  ),
  // The boat shared: two people on the dock beside it.
  share: () => (
    <g>
      <Boat x={20} />
      <circle cx="44" cy="58" r="9" fill={onBrandSoft} />
      <path d="M30 92c0-12 6-20 14-20s14 8 14 20z" fill={onBrandSoft} />
      <circle cx="68" cy="64" r="7" fill={primary} />
      <path d="M57 92c0-9 5-16 11-16s11 7 11 16z" fill={primary} />
    </g>
  ),
  // Out at sea, with the way back watched: a lifebuoy.
  sea: () => (
    <g>
      <Boat x={-24} />
      <circle cx="176" cy="84" r="15" fill="none" stroke={surface} strokeWidth="8" />
      <circle cx="176" cy="84" r="15" fill="none" stroke={primary} strokeWidth="8" strokeDasharray="11.8 11.8" />
    </g>
  ),
};

/**
 * A small scene of the marina (sky, sun, water) and what a screen is about, drawn in the marina's own colours
 * from the theme, in either scheme. Decorative and without words: the text beside it says what it means.
 */
export function MarinaScene({ className, scene = 'marina' }: { className?: string; scene?: Scene }) {
  const Foreground = FOREGROUND[scene];
  return (
    <svg className={className} viewBox="0 0 240 140" aria-hidden="true" focusable="false">
      <rect width="240" height="140" rx="20" fill={brandSoft} />
      <circle cx="200" cy="34" r="14" fill={warningBorder} />
      <Foreground />
      <path
        d="M0 104c20 0 20-8 40-8s20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8v16a20 20 0 0 1-20 20H20A20 20 0 0 1 0 120z"
        fill={primary}
        opacity="0.35"
      />
      <path
        d="M0 116c20 0 20-8 40-8s20 8 40 8 20-8 40-8 20 8 40 8 20-8 40-8 20 8 40 8v4a20 20 0 0 1-20 20H20A20 20 0 0 1 0 120z"
        fill={primary}
        opacity="0.6"
      />
    </svg>
  );
}
