import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const badge = style({
  minWidth: '24px',
  padding: '0 6px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.surface,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'center',
});

export const version = style({
  margin: 0,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
});

export const danger = style({ borderColor: vars.color.danger, borderWidth: '2px' });

export const confirmTitle = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  color: vars.color.danger,
  outline: 'none',
});

export const confirmLead = style({ margin: 0, fontWeight: 600 });

export const lostList = style({ margin: `${vars.space.xsmall} 0 0`, paddingLeft: vars.space.large });

export const flush = style({ margin: 0 });
