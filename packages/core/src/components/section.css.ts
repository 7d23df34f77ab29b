import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

/** A section's title: no room above it, in the card's top padding. */
export const title = style({
  margin: `0 0 ${vars.space.small}`,
  fontSize: vars.fontSize.section,
  lineHeight: vars.lineHeight.tight,
});

/** A folding section: its summary fills the card, so the whole title row is the target. */
export const folding = style({ padding: 0 });

export const details = style({});

export const summary = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.medium,
  minHeight: '60px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  cursor: 'pointer',
  listStyle: 'none',
  borderRadius: vars.radius.medium,
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const summaryTitle = style({
  flex: 1,
  margin: 0,
  fontSize: vars.fontSize.large,
  lineHeight: vars.lineHeight.tight,
});

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

/** Points right while folded, down once open. */
export const chevron = style({
  flexShrink: 0,
  width: '1.25rem',
  height: '1.25rem',
  color: vars.color.textMuted,
  transition: `transform ${vars.motion.normal} ${vars.motion.easing}`,
  selectors: { [`${details}[open] &`]: { transform: 'rotate(90deg)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const content = style({ padding: `0 ${vars.space.medium} ${vars.space.medium}` });
