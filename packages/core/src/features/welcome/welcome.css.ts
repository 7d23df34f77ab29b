import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.medium,
  textAlign: 'center',
  paddingBlock: vars.space.large,
});

export const heroLogo = style({ width: '160px', height: 'auto', maxHeight: '160px' });

export const lead = style({ fontSize: vars.fontSize.large, margin: 0 });

/** A full touch target (44 px), not just the height of its line of text. */
export const helpLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.small}`,
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  width: '100%',
});

export const skipRow = style({
  display: 'flex',
  justifyContent: 'flex-end',
  minHeight: vars.size.touchTarget,
  marginTop: `calc(-1 * ${vars.space.small})`,
});

/** The slides share one grid cell: the box takes the tallest slide's height on every slide. */
export const slides = style({
  display: 'grid',
  // Horizontal moves are the slider's (swipe); vertical ones still scroll the page.
  touchAction: 'pan-y',
  userSelect: 'none',
});

export const slide = style({
  gridArea: '1 / 1',
  padding: vars.space.large,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.card,
  selectors: { '&[data-current="false"]': { visibility: 'hidden' } },
});

export const slideBody = style({ marginBottom: 0 });

export const slideTitle = style({ marginTop: 0, fontSize: vars.fontSize.large });

export const dots = style({
  display: 'flex',
  justifyContent: 'center',
  gap: vars.space.small,
  margin: `${vars.space.medium} 0`,
  padding: 0,
  listStyle: 'none',
});

export const dot = style({
  width: '10px',
  height: '10px',
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.primary}`,
  selectors: { '&[data-current="true"]': { background: vars.color.primary } },
});

export const sliderNav = style({
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.small,
});

/** A slide's scene, or home's: the marina in its own colours, as wide as the card. */
export const scene = style({ display: 'block', width: '100%', height: 'auto', marginBottom: vars.space.medium });
