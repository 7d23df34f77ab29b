import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

export const item = style({
  padding: vars.space.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  selectors: { '&[data-unread="true"]': { borderLeft: `6px solid ${vars.color.primary}` } },
});

export const title = style({ margin: 0, fontSize: vars.fontSize.body });

export const meta = style({
  margin: `${vars.space.xsmall} 0`,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small, marginTop: vars.space.small });
