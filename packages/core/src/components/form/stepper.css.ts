import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

// The stepper's styles, with it (`stepper-field.tsx`): out of the first paint's stylesheet (decision 017).

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: vars.space.xsmall,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  maxWidth: '16rem',
});

export const step = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.onBrandSoft,
  cursor: 'pointer',
  selectors: {
    '&[aria-disabled="true"]': { background: vars.color.surfaceMuted, color: vars.color.textMuted, cursor: 'default' },
  },
});

export const stepIcon = style({ width: vars.size.icon, height: vars.size.icon });

export const value = style({
  flex: 1,
  textAlign: 'center',
  fontSize: vars.fontSize.section,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[data-empty="true"]': {
      fontSize: vars.fontSize.small,
      fontWeight: vars.fontWeight.regular,
      color: vars.color.textMuted,
    },
  },
});
