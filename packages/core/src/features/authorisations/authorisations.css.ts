import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';
import * as ui from '../../components/ui.css.ts';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

/** A person on `autorizados`, or at the top of a screen about one: compact, the name leading. */
export const personCard = style([ui.card, { display: 'flex', flexDirection: 'column', gap: vars.space.small }]);

export const personHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.medium });

/** The person's initials on a round tint of the brand, as a contact list draws them. */
export const avatar = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  width: vars.size.iconTile,
  height: vars.size.iconTile,
  borderRadius: vars.radius.pill,
  background: vars.color.brandSoft,
  color: vars.color.onBrandSoft,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.02em',
});

export const personTitle = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xsmall,
  flex: 1,
  minWidth: 0,
});

export const name = style({
  margin: 0,
  fontSize: vars.fontSize.large,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

/** The person's few facts, one line each with its icon: boats and period, licence, account. */
export const lines = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  lineHeight: vars.lineHeight.tight,
});

export const line = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  overflowWrap: 'anywhere',
});

export const lineIcon = style({ flexShrink: 0, width: '1rem', height: '1rem', marginTop: '0.0625rem' });

/** What may be done with the person: the next action, if any, full width; the rest side by side, quieter. */
export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  marginTop: vars.space.xsmall,
});

export const actionRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });

/** A tonal or quiet action sharing its row: smaller words, narrower padding, still a 44 px target. */
export const rowAction = style({
  flex: '1 1 auto',
  selectors: {
    // Over the button's own padding and size, whichever stylesheet comes first.
    '&&': { paddingInline: vars.space.medium, fontSize: vars.fontSize.small },
  },
});

// The question that replaces «Retirar la invitación» takes the whole row.
globalStyle(`${actionRow} > [role="group"]`, { flexBasis: '100%' });

/** The boat filter: a chip per boat, the chosen one filled. */
export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const chip = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  maxWidth: '100%',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.xsmall} ${vars.space.medium}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.small,
  fontWeight: vars.fontWeight.medium,
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:has(input:checked)': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.accent}`, outlineOffset: '2px' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

/** The filter's radio, kept for the keyboard and screen readers; the chip around it is what shows. */
export const chipInput = style({ position: 'absolute', opacity: 0, width: '1px', height: '1px', margin: 0 });

/** A group of a form's fields on a card of its own, its legend as the card's title. */
export const formGroup = style([
  ui.card,
  { display: 'flex', flexDirection: 'column', gap: vars.space.medium, margin: 0, minWidth: 0 },
]);

// Floated, a legend is laid out inside its card like any title, not across the card's edge.
export const legend = style({
  float: 'left',
  width: '100%',
  padding: 0,
  margin: 0,
  fontSize: vars.fontSize.section,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

/** Two short fields side by side when there is room (from, to). */
export const pair = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
  gap: vars.space.medium,
  alignItems: 'start',
});

export const intro = style({ margin: 0, color: vars.color.textMuted });

/** A section's title inside a person's screen (under the page's h1). */
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.section, fontWeight: 700 });

// A group of choices on its card (the boats) titled like the cards around it.
globalStyle(`${formGroup} > fieldset > legend`, {
  padding: 0,
  fontSize: vars.fontSize.section,
  lineHeight: vars.lineHeight.tight,
  marginBottom: vars.space.xsmall,
});

/** What a screen says before its form, in the muted colour of an introduction. */
export const introBlock = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  color: vars.color.textMuted,
});

globalStyle(`${introBlock} > p`, { margin: 0 });

/** A step aside from the screen's own (withdrawing the invitation): after a hairline, without a card. */
export const quietSection = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  marginTop: vars.space.small,
  paddingTop: vars.space.medium,
  borderTop: `1px solid ${vars.color.border}`,
});
