import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.large });

export const name = style({ margin: 0, fontSize: vars.fontSize.large });

export const status = style({
  display: 'inline-block',
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  border: `2px solid ${vars.color.primary}`,
  borderRadius: vars.radius.small,
  fontWeight: 600,
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  marginTop: vars.space.small,
});

export const blockedTitle = style({ fontWeight: 700 });

export const slots = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(8.5rem, 1fr))',
  gap: vars.space.small,
});

export const slot = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  minHeight: vars.size.touchTarget,
  padding: vars.space.small,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.primary,
      borderWidth: '3px',
      padding: `calc(${vars.space.small} - 2px)`,
    },
    '&[data-state="full"]': { borderStyle: 'dashed' },
    '&[data-state="closed"], &[data-state="past"]': { color: vars.color.textMuted, background: vars.color.background },
  },
});

export const slotLabel = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 });

export const slotTime = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const slotState = style({ fontSize: vars.fontSize.small });

export const history = style({
  margin: 0,
  paddingLeft: vars.space.large,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

/** On `inicio`, a launch the marina cancelled: its pill, then what and why, on danger's surface. */
export const cancelled = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.small,
  padding: vars.space.medium,
  background: vars.color.dangerSurface,
  border: `1px solid ${vars.color.dangerBorder}`,
  borderRadius: vars.radius.medium,
});

export const cancelledText = style({ margin: 0 });
