import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const links = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xsmall,
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.small}`,
});

export const lead = style({ marginTop: 0 });

export const privacy = style({ fontSize: vars.fontSize.small });
