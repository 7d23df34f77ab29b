import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';
import * as ui from '../../components/ui.css.ts';
import * as iconTile from '../../components/icon-tile.css.ts';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.section, lineHeight: vars.lineHeight.tight });

/** A boat's name over its part of the history: quieter than the section's title. */
export const boatTitle = style({
  margin: 0,
  fontSize: vars.fontSize.body,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
});

export const name = style({ margin: 0, fontSize: vars.fontSize.large, lineHeight: vars.lineHeight.tight });

/** An outing at sea: the card that leads the screen, a band of the brand at its start. */
export const atSea = style([
  ui.card,
  {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.medium,
    borderInlineStart: `4px solid ${vars.color.primary}`,
  },
]);

/** Overdue: said in words first; the danger band only repeats it. */
export const overdueCard = style({ borderInlineStartColor: vars.color.danger });

export const head = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.small });

export const headText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  flex: 1,
  minWidth: 0,
});

export const headLine = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});

export const { tile } = iconTile;

// The danger tile is written out rather than composed with the shared one: which of two classes of equal weight
// wins would hang on the order the stylesheets load in.
const tileBase = {
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: vars.size.iconTile,
  height: vars.size.iconTile,
  borderRadius: vars.radius.small,
} as const;

/** Overdue: the tile in danger's tint, the pill beside it saying why. */
export const dangerTile = style({ ...tileBase, background: vars.color.dangerSurface, color: vars.color.danger });

export const { tileIcon } = iconTile;

/** Departure and return side by side, the times large: what is read at a glance on the water. */
export const times = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8.5rem, 1fr))',
  gap: vars.space.small,
  margin: 0,
});

export const time = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.small,
  background: vars.color.surfaceMuted,
  selectors: {
    '&[data-late="true"]': { background: vars.color.dangerSurface, color: vars.color.danger },
  },
});

export const timeTerm = style({ fontSize: vars.fontSize.caption, color: 'inherit', opacity: 0.85 });

export const timeValue = style({
  margin: 0,
  fontSize: vars.fontSize.large,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const overdue = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const overdueBox = style({
  margin: 0,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.dangerBorder}`,
  borderRadius: vars.radius.small,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
});

globalStyle(`${overdue} p`, { margin: 0 });

export const overdueWords = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  fontWeight: vars.fontWeight.medium,
});

export const overdueIcon = style({ flexShrink: 0, width: vars.size.icon, height: vars.size.icon });

/** Folded facts (skipper, people, phone): a quiet line that opens in place. */
export const fold = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.xsmall,
});

export const foldSummary = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  minHeight: vars.size.touchTarget,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
});

export const { foldChevron } = iconTile;

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

/** «He vuelto»: the one thing to do on the way back to the dock, large. */
export const returnButton = style({ minHeight: `calc(${vars.size.touchTarget} * 1.3)`, fontSize: vars.fontSize.large });

/** Nothing at sea, with a history: one quiet card and the way to log one. */
export const calm = style([ui.card, { display: 'flex', flexDirection: 'column', gap: vars.space.medium }]);

export const calmLine = style({ display: 'flex', alignItems: 'center', gap: vars.space.medium, margin: 0 });

/** The history: one card of rows per boat, a hairline between outings (the same card as `ListRows`). */
export { rows, item as row } from '../../components/list-row.css.ts';

/** An outing of the history: its day and destination, its times, a chevron that opens the rest. */
export const rowSummary = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: '60px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  cursor: 'pointer',
  listStyle: 'none',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&:hover': { background: vars.color.surfaceMuted },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const rowBody = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xxsmall,
  flex: 1,
  minWidth: 0,
});

export const rowTitle = style({ fontWeight: vars.fontWeight.bold, lineHeight: vars.lineHeight.tight });

export const rowSecondary = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});

/** The times lead the secondary line, in the text's colour: what sets one outing apart from the next. */
export const rowSpan = style({
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
});

export const rowDetails = style({ padding: `0 ${vars.space.medium} ${vars.space.small}` });

/** alta-salida: the boats that cannot go now, one row each, the reason as a pill under the name. */
export const refusedTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: vars.fontWeight.bold });

export const refusedRow = style({
  display: 'flex',
  textAlign: 'start',
  alignItems: 'center',
  gap: vars.space.medium,
  minHeight: '60px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const pills = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xsmall, maxWidth: '100%' });

// A reason may be longer than a narrow row: its pill wraps rather than run out of the card.
globalStyle(`${pills} > span`, { whiteSpace: 'normal', overflowWrap: 'anywhere' });

export const explain = style({ margin: 0, color: vars.color.textMuted });

export const boatGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small });

export const captioned = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall });

export const pillList = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

export const pillLine = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.small });
