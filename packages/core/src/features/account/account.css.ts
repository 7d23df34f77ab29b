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

/**
 * «Avisos en este móvil»: a checkbox with `role="switch"` drawn as one, a track and its knob, the knob to the
 * right and the track in the primary colour when on. 48 × 28 px, and the row around it is the touch target.
 */
export const switchInput = style({
  appearance: 'none',
  flexShrink: 0,
  position: 'relative',
  width: '48px',
  height: '28px',
  margin: 0,
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      top: '2px',
      left: '2px',
      width: '20px',
      height: '20px',
      borderRadius: '50%',
      background: vars.color.textMuted,
    },
    '&:checked': { background: vars.color.primary, borderColor: vars.color.primary },
    '&:checked::before': { left: '22px', background: vars.color.onPrimary },
  },
  '@media': {
    '(prefers-reduced-motion: no-preference)': {
      transition: 'background-color 120ms',
    },
    '(forced-colors: active)': {
      borderColor: 'ButtonText',
      selectors: {
        '&::before': { background: 'ButtonText' },
        '&:checked': { background: 'Highlight', borderColor: 'Highlight' },
        '&:checked::before': { background: 'HighlightText' },
      },
    },
  },
});

export const switchRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: vars.size.touchTarget,
});
