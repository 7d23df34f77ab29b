import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

// Out of `form.css.ts`, the stylesheet of the first paint: the sign-in form has no groups (decision 017).

/**
 * A part of a long form (a new boat, its insurance, a licence): its fields on a card resting on the page, under
 * its legend as the card's title.
 */
export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  margin: 0,
  padding: vars.space.medium,
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
});

// Floated, a legend is drawn inside the card like any title, not across its top edge.
globalStyle(`${group} > legend`, {
  float: 'left',
  width: '100%',
  padding: 0,
  fontSize: vars.fontSize.large,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});
