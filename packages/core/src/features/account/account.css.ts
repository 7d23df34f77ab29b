import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const menu = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
});

export const menuItem = style({
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
});

export const menuLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: '52px',
  padding: `0 ${vars.space.medium}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
});

export const badge = style({
  minWidth: '24px',
  padding: '0 6px',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.onVerdict,
  fontSize: vars.fontSize.small,
  textAlign: 'center',
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
