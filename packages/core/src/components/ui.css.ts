import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

const buttonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.small,
  minHeight: vars.size.touchTarget,
  minWidth: vars.size.touchTarget,
  padding: `${vars.space.small} ${vars.space.large}`,
  border: '2px solid transparent',
  borderRadius: vars.radius.pill,
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:active:not(:disabled)': { transform: 'scale(0.98)' },
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.7 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none', transform: 'none' } },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.primary, color: vars.color.onPrimary }],
  // Tonal: a quiet tint of the brand, so the one filled button of a screen stays the one that leads.
  secondary: [buttonBase, { background: vars.color.brandSoft, color: vars.color.onBrandSoft }],
  quiet: [buttonBase, { background: 'transparent', color: vars.color.accent, textDecoration: 'underline' }],
  // Surface on danger: the same pair as danger text on a surface, whose contrast every brand's build checks.
  danger: [buttonBase, { background: vars.color.danger, color: vars.color.surface }],
});

export const block = style({ width: '100%' });

export const stack = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

/** Information resting on the page: elevation, not an outline (docs/design/README.md). */
export const card = style({
  padding: vars.space.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
});

export const muted = style({ color: vars.color.textMuted });

export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const alert = style({
  margin: 0,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.dangerBorder}`,
  borderInlineStartWidth: '4px',
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
