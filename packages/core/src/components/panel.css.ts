import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

// What a screen opens in place (`actions.tsx`): out of the stylesheet of the first paint (decision 017).

const panelBase = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
});

/** A panel opened in place of its button; its border says what it is for: a step that cannot be undone, a change, a plain question. */
export const panel = styleVariants({
  danger: [panelBase, { border: `2px solid ${vars.color.danger}`, background: vars.color.surface }],
  brand: [panelBase, { border: `2px solid ${vars.color.primary}`, background: vars.color.surface }],
  plain: [panelBase, { border: `1px solid ${vars.color.border}`, background: vars.color.surfaceMuted }],
});

export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 });
