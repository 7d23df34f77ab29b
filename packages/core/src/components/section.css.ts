import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

/** A section's title: no room above it, in the card's top padding. */
export const title = style({
  margin: `0 0 ${vars.space.small}`,
  fontSize: vars.fontSize.section,
  lineHeight: vars.lineHeight.tight,
});
