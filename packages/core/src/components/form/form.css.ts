import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });

export const label = style({ fontWeight: vars.fontWeight.bold });

export const hint = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted, margin: 0 });

export const input = style({
  minHeight: vars.size.touchTarget,
  width: '100%',
  padding: `${vars.space.small} ${vars.space.medium}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.text },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
  },
});

export const codeInput = style({
  fontSize: vars.fontSize.title,
  letterSpacing: '0.3em',
  fontVariantNumeric: 'tabular-nums',
});

export const error = style({
  margin: 0,
  color: vars.color.danger,
  fontSize: vars.fontSize.small,
  fontWeight: 600,
});

export const inputRow = style({ display: 'flex', gap: vars.space.small, alignItems: 'stretch' });

export const toggle = style({
  flexShrink: 0,
  minWidth: vars.size.touchTarget,
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.medium}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.accent,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
});

export const strength = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  selectors: {
    '&[data-strength="weak"]': { color: vars.color.danger },
    '&[data-strength="fair"]': { color: vars.color.warning },
    '&[data-strength="strong"]': { color: vars.color.success },
  },
});

export const success = style({
  margin: 0,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.successBorder}`,
  borderInlineStartWidth: '4px',
  background: vars.color.successSurface,
  color: vars.color.success,
  fontWeight: vars.fontWeight.medium,
});
