import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

/** Rows grouped on one card, a hairline between them (`ListRows`). */
export const rows = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});

export const item = style({
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.medium,
  minHeight: '60px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  color: vars.color.text,
  textDecoration: 'none',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    'a&:hover': { background: vars.color.surfaceMuted },
    'a&:focus-visible': { outlineOffset: '-3px' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, flex: 1, minWidth: 0 });

export const title = style({ fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight });

export const secondary = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });

export const trailing = style({ display: 'flex', alignItems: 'center', gap: vars.space.small, flexShrink: 0 });

export { chevron, tile, tileIcon } from './icon-tile.css.ts';
