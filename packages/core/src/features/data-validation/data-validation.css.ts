import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  margin: 0,
  padding: vars.space.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  minWidth: 0,
});

export const groupTitle = style({ padding: 0, fontSize: vars.fontSize.large, fontWeight: 700 });

export const boatTitle = style({ margin: `${vars.space.small} 0 0`, fontSize: vars.fontSize.body });


export const link = style({ color: vars.color.accent, fontWeight: 600 });

export const flush = style({ margin: 0 });

export const reasons = style({ margin: `${vars.space.xsmall} 0 0`, paddingLeft: vars.space.large });
