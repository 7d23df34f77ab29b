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

/** A choice that says what it means (a plan): a card, outlined in the primary colour once chosen. */
export const choiceCard = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.primary,
      boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
      background: vars.color.brandSoft,
    },
  },
});

export const choiceText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, flex: 1 });

/** The label covers the card (its ::after), so a tap anywhere on the card chooses it. */
export const choiceTitle = style({
  fontWeight: vars.fontWeight.bold,
  cursor: 'pointer',
  selectors: { '&::after': { content: '""', position: 'absolute', inset: 0 } },
});

export const choiceDescription = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small });
