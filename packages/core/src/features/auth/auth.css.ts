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

/** The password field, and under it, at its end, the way to a new one. */
export const password = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });

export const forgot = style({ alignSelf: 'flex-end' });

/** Under the form: for whoever has no account yet, the way to make one, then help. */
export const newcomer = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.small,
  marginTop: vars.space.medium,
  paddingTop: vars.space.large,
  borderTop: `1px solid ${vars.color.border}`,
});

export const newcomerText = style({ margin: 0, color: vars.color.textMuted });

export const lead = style({ marginTop: 0 });

export const privacy = style({ fontSize: vars.fontSize.small });
