import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

// Why something cannot be done now, and the way to fix it: the same look on every screen that says it
// (booking a launch or an outing, a boat's badges, the card). Out of the stylesheet of the first paint,
// whose sign-in form says none of it (decision 017).

/** A link that leads to the fix, with a whole touch target of its own. */
export const fixLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  color: vars.color.accent,
  fontWeight: 600,
});

const blockedBase = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

/**
 * Under a form, what it cannot offer and why, one line each: in danger's colour where it stops the whole
 * step (a boat that cannot be launched), muted where other choices are left (a skipper who may not).
 */
export const blocked = styleVariants({
  danger: [blockedBase, { border: `2px solid ${vars.color.danger}`, color: vars.color.danger }],
  muted: [blockedBase, { border: `2px solid ${vars.color.textMuted}` }],
});

/** Reasons as badges, one under another. */
export const badges = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
});

/** One reason: its words, and its fix beside them (under them when the line is short). */
export const badge = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  border: `1px solid ${vars.color.dangerBorder}`,
  borderRadius: vars.radius.small,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.bold,
  minWidth: 0,
  selectors: {
    // Waiting on the marina or a date is not an error (`reasonWeight`, domain/eligibility.ts).
    '&[data-weight="waiting"]': {
      borderColor: vars.color.warningBorder,
      background: vars.color.warningSurface,
      color: vars.color.warning,
    },
  },
});
