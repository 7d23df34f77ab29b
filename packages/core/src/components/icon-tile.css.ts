import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

/** An icon on a tinted tile, at the head of a row, a folding section or a card (docs/design/README.md). */
export const tile = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: vars.size.iconTile,
  height: vars.size.iconTile,
  borderRadius: vars.radius.small,
  background: vars.color.brandSoft,
  color: vars.color.onBrandSoft,
});

export const tileIcon = style({ width: vars.size.icon, height: vars.size.icon });

/** The chevron at a row's end. */
export const chevron = style({ flexShrink: 0, width: '1.25rem', height: '1.25rem', color: vars.color.textMuted });

/** The chevron of a `<details>`' summary: right while folded, down once open. */
export const foldChevron = style([
  chevron,
  {
    transition: `transform ${vars.motion.normal} ${vars.motion.easing}`,
    selectors: { 'details[open] > summary &': { transform: 'rotate(90deg)' } },
    '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
  },
]);
