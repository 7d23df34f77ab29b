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

// The booking's day strip and time chips: each a radio input laid over its whole chip (transparent), so the chip
// is the target, the keyboard moves through them with the arrows, and the chip shows the focus.
const chip = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&:has(input:checked)': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
    },
    '&:has(input:disabled)': {
      background: vars.color.surfaceMuted,
      borderColor: vars.color.border,
      color: vars.color.textMuted,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
});

export const chipInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'default' } },
});

export const strip = style({
  display: 'flex',
  gap: vars.space.small,
  margin: 0,
  padding: `${vars.space.xsmall} ${vars.space.xsmall} ${vars.space.small}`,
  marginInline: `calc(-1 * ${vars.space.xsmall})`,
  overflowX: 'auto',
  scrollSnapType: 'x proximity',
  overscrollBehaviorX: 'contain',
});

export const dayChip = style([
  chip,
  {
    flex: '0 0 4.5rem',
    alignItems: 'center',
    gap: vars.space.xxsmall,
    padding: `${vars.space.small} ${vars.space.xsmall}`,
    scrollSnapAlign: 'start',
    textAlign: 'center',
  },
]);

export const dayWeekday = style({ fontSize: vars.fontSize.caption, fontWeight: vars.fontWeight.medium });

/** A chip's figure: the day's number on the strip, the time on a slot's chip. */
export const chipFigure = style({
  fontSize: vars.fontSize.section,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  fontVariantNumeric: 'tabular-nums',
});

export const dayState = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  fontSize: vars.fontSize.caption,
  whiteSpace: 'nowrap',
});

/** The availability's dot: the words beside it carry the state; the colour lets the eye run along the strip. */
export const dot = style({
  flexShrink: 0,
  width: '0.5rem',
  height: '0.5rem',
  borderRadius: vars.radius.pill,
  background: 'currentColor',
  selectors: {
    [`${dayChip}[data-state="free"] &`]: { background: vars.color.success },
    [`${dayChip}[data-state="few"] &`]: { background: vars.color.warning },
    [`${dayChip}[data-state="full"] &`]: { background: vars.color.danger },
    [`${dayChip}:has(input:checked) &`]: { boxShadow: `0 0 0 1.5px ${vars.color.onPrimary}` },
  },
});

export const stripNotes = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted });

export const times = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(4.75rem, 1fr))',
  gap: vars.space.small,
});

export const timeChip = style([
  chip,
  {
    gap: vars.space.xxsmall,
    minHeight: vars.size.touchTarget,
    padding: `${vars.space.small} ${vars.space.small}`,
    selectors: { '&[data-state="full"]': { borderStyle: 'dashed' } },
  },
]);

export const timeState = style({
  fontSize: vars.fontSize.caption,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    [`${timeChip}[data-state="nearly-full"]:not(:has(input:checked)) &`]: { color: vars.color.warning },
    [`${timeChip}[data-state="full"]:not(:has(input:checked)) &`]: { color: vars.color.info },
  },
});

/** The booking's summary before it is sent. */
export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
});

export const summaryTitle = style({ margin: 0, fontSize: vars.fontSize.section, outline: 'none' });

export const dayLabel = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xxsmall,
});

export const daySkeleton = style({
  minHeight: '4.75rem',
  background: vars.color.surfaceMuted,
  borderColor: vars.color.border,
});

export const timeLabel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall });

/** A word on what sending will do (a full slot's waiting list), on info's surface. */
export const note = style({
  margin: 0,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.infoBorder}`,
  background: vars.color.infoSurface,
  color: vars.color.text,
});

/** A launch in the list: its row (a link to it), then its note and its one action. */
export const launchCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
});

export const launchTitle = style({ margin: 0, fontSize: vars.fontSize.body, lineHeight: vars.lineHeight.tight });

export const launchNote = style({
  margin: 0,
  padding: `0 ${vars.space.medium} ${vars.space.small}`,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const launchAction = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: `0 ${vars.space.medium} ${vars.space.medium}`,
});

/** The boat's name and the launch's pill on one line, the pill never squeezing the name below a word. */
export const launchHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: `${vars.space.xxsmall} ${vars.space.small}`,
});
