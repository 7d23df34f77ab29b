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
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.7 },
  },
});

export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.primary, color: vars.color.onPrimary }],
  secondary: [
    buttonBase,
    { background: vars.color.surface, color: vars.color.primary, borderColor: vars.color.primary },
  ],
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

export const card = style({
  padding: vars.space.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
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
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `2px solid ${vars.color.danger}`,
  background: vars.color.surface,
  color: vars.color.danger,
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
