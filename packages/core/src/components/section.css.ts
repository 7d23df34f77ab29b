import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

/** A section's title: no room above it, in the card's top padding. */
export const title = style({
  margin: `0 0 ${vars.space.small}`,
  fontSize: vars.fontSize.section,
  lineHeight: vars.lineHeight.tight,
});

/** A folding section: its summary fills the card, so the whole title row is the target. */
export const folding = style({ padding: 0 });

export const summary = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.medium,
  minHeight: '60px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  cursor: 'pointer',
  listStyle: 'none',
  borderRadius: vars.radius.medium,
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&:focus-visible': { outlineOffset: '-3px' },
  },
});

export const summaryTitle = style({
  flex: 1,
  margin: 0,
  fontSize: vars.fontSize.large,
  lineHeight: vars.lineHeight.tight,
});

export const content = style({ padding: `0 ${vars.space.medium} ${vars.space.medium}` });

export { foldChevron as chevron, tile, tileIcon } from './icon-tile.css.ts';
