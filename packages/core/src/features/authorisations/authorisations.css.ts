import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
});

export const name = style({ margin: 0, fontSize: vars.fontSize.large, overflowWrap: 'anywhere' });

const stateBase = style({
  display: 'inline-block',
  padding: `${vars.space.xsmall} ${vars.space.small}`,
  borderRadius: vars.radius.small,
  border: '2px solid',
  fontWeight: 600,
});

/** The state's badge: its colour says it too, but its words say it first. */
export const state = styleVariants({
  pending: [stateBase, { borderColor: vars.color.primary }],
  active: [stateBase, { borderColor: vars.color.success, color: vars.color.success }],
  suspended: [stateBase, { borderColor: vars.color.danger, color: vars.color.danger }],
  expired: [stateBase, { borderColor: vars.color.border, color: vars.color.textMuted }],
  ended: [stateBase, { borderColor: vars.color.border, color: vars.color.textMuted }],
});

export const actions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  marginTop: vars.space.small,
});

export const legend = style({ padding: `0 ${vars.space.xsmall}`, fontWeight: 700 });

/** A section's title inside a person's screen (under the page's h1). */
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });
