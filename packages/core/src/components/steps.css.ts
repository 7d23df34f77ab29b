import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const steps = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall, margin: 0 });

export const label = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
});

export const bar = style({ display: 'flex', gap: vars.space.xsmall });

const segment = style({ flex: 1, height: '4px', borderRadius: vars.radius.pill });

export const segments = styleVariants({
  done: [segment, { background: vars.color.primary }],
  todo: [segment, { background: vars.color.borderStrong, opacity: 0.35 }],
});

export const stepHeading = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  margin: `${vars.space.small} 0 0`,
  fontSize: vars.fontSize.section,
  lineHeight: vars.lineHeight.tight,
});

export const stepNumber = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.bold,
});
