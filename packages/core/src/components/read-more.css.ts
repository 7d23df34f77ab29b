import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const readMore = style({ fontSize: vars.fontSize.small });

export const summary = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  minHeight: vars.size.touchTarget,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const chevron = style({
  width: '18px',
  height: '18px',
  flexShrink: 0,
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: { [`details[open] > ${summary} > &`]: { transform: 'rotate(90deg)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  margin: `${vars.space.xsmall} 0 0`,
  padding: vars.space.medium,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.medium,
  lineHeight: vars.lineHeight.body,
});

export const paragraph = style({ margin: 0 });

export const list = style({ paddingLeft: vars.space.xlarge, margin: `${vars.space.xsmall} 0 0` });
