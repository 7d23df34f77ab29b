import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

// The checkbox's and the choices' styles, with them (`checkbox-field.tsx`, `choice-fields.tsx`): out of the
// stylesheet of the first paint, whose sign-in form has neither (decision 017).

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  minHeight: vars.size.touchTarget,
});

export const checkbox = style({
  flexShrink: 0,
  width: '24px',
  height: '24px',
  margin: '2px 0 0',
  accentColor: vars.color.primary,
});

export const fieldset = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});
