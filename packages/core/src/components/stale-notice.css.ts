import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

/**
 * One small grey line above a copy shown offline: the copy (the card and its QR first) stays where it is,
 * not pushed down by an alert box and a full-width button.
 */
export const line = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.small,
  margin: 0,
  fontSize: vars.fontSize.small,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.textMuted,
});

export const words = style({ margin: 0 });

/** A link-like button inside the line: 24 px high, the least a target may be (WCAG 2.5.8). */
export const retry = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '24px',
  padding: `0 ${vars.space.xsmall}`,
  border: 0,
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.accent,
  font: 'inherit',
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&[aria-disabled="true"]': { color: vars.color.textMuted, textDecoration: 'none', cursor: 'default' } },
});
