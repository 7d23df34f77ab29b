import { style } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';

// Out of `form.css.ts`, the stylesheet of the first paint: the sign-in form has no groups (decision 017).

/** A framed fieldset that gathers some of a long form's fields under their legend (a new boat, a licence). */
export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  margin: 0,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  minWidth: 0,
});
