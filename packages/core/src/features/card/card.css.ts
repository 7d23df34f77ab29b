import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@marina/theme/vars.css.ts';
import { tile } from '../../components/icon-tile.css.ts';

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: vars.space.medium,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  minWidth: 0,
});

const verdictBase = style({
  margin: 0,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  color: vars.color.onVerdict,
  fontSize: vars.fontSize.display,
  fontWeight: 800,
  letterSpacing: '0.04em',
  textAlign: 'center',
  lineHeight: 1.2,
});

/** The verdict in large letters, in the colour the gate reads at a glance. */
export const verdict = styleVariants({
  valid: [verdictBase, { background: vars.color.cardValid }],
  invalid: [verdictBase, { background: vars.color.cardInvalid }],
  unchecked: [verdictBase, { background: vars.color.textMuted }],
});

export const holderName = style({ margin: 0, fontSize: vars.fontSize.title, overflowWrap: 'anywhere' });

export const boatList = style({ margin: 0, padding: 0, listStyle: 'none' });

/**
 * The QR fills the card's width up to 20rem (about 8 px a module on a phone): readable by another phone
 * at arm's length. Dark on white with its quiet zone, whatever the marina's colours.
 */
export const qr = style({
  display: 'block',
  width: '100%',
  maxWidth: '20rem',
  height: 'auto',
  margin: '0 auto',
  background: '#ffffff',
  borderRadius: vars.radius.small,
});

export const number = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.title,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  letterSpacing: '0.08em',
});

export const reasonBoat = style({ display: 'block', fontWeight: 400, color: vars.color.text });

export const confirmTitle = style({ margin: 0, fontSize: vars.fontSize.large });

/** `inicio`'s card row: the verdict's colour runs down its edge, so the answer shows before the words. */
export const inicioCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderInlineStartWidth: '6px',
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  selectors: {
    '&[data-verdict="valid"]': { borderInlineStartColor: vars.color.cardValid },
    '&[data-verdict="invalid"]': { borderInlineStartColor: vars.color.cardInvalid },
  },
});

export const inicioTile = style([
  tile,
  {
    background: vars.color.neutralSurface,
    color: vars.color.neutral,
    selectors: {
      '&[data-verdict="valid"]': { background: vars.color.cardValid, color: vars.color.onVerdict },
      '&[data-verdict="invalid"]': { background: vars.color.cardInvalid, color: vars.color.onVerdict },
    },
  },
]);
