import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.medium,
  textAlign: 'center',
  paddingBlock: vars.space.large,
});

export const heroLogo = style({ width: '160px', height: 'auto', maxHeight: '160px' });

export const lead = style({ fontSize: vars.fontSize.large, margin: 0 });

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  width: '100%',
});

export const slide = style({
  minHeight: '12rem',
  padding: vars.space.large,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
});

export const slideTitle = style({ marginTop: 0, fontSize: vars.fontSize.large });

export const dots = style({
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.small,
  margin: `${vars.space.medium} 0`,
  padding: 0,
  listStyle: 'none',
});

export const dot = style({
  width: '10px',
  height: '10px',
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.brand}`,
  selectors: { '&[data-current="true"]': { background: vars.color.brand } },
});

export const sliderNav = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.small,
});
