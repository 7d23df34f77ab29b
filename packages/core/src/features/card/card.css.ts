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

export const boatList = style({ margin: 0, padding: 0, listStyle: 'none' });

/**
 * The card as a pass (docs/design/README.md, «The card at the gate»): the whole article, full-bleed from the
 * header down, the face in the marina's colours and what it covers below it.
 */
export const pass = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
  // Full-bleed: out to the edges of the screen and up to the header, over `main`'s padding.
  margin: `calc(-1 * ${vars.space.medium}) calc(-1 * ${vars.space.medium}) 0`,
});

/** The face: logo and verdict, the holder's name, the QR and its number, on the marina's colour. */
export const passFace = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium} ${vars.space.medium}`,
  background: vars.color.brand,
  color: vars.color.onBrand,
  borderEndStartRadius: vars.radius.large,
  borderEndEndRadius: vars.radius.large,
});

export const passTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  minHeight: '2.5rem',
});

export const passLogo = style({ flexShrink: 1, minWidth: 0, height: '32px', width: 'auto', maxWidth: '9rem' });

const badgeBase = style({
  flexShrink: 0,
  margin: 0,
  padding: `${vars.space.xsmall} ${vars.space.medium}`,
  borderRadius: vars.radius.pill,
  color: vars.color.onVerdict,
  fontSize: vars.fontSize.section,
  fontWeight: 800,
  letterSpacing: '0.06em',
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  // Set apart from the marina's colour whatever it is: the verdict's colour is the badge's, not the face's.
  boxShadow: `0 0 0 2px ${vars.color.onBrand}`,
});

/** The verdict as a badge, in words and in the colour the gate reads at a glance. */
export const badge = styleVariants({
  valid: [badgeBase, { background: vars.color.cardValid }],
  invalid: [badgeBase, { background: vars.color.cardInvalid }],
  unchecked: [badgeBase, { background: vars.color.textMuted }],
});

export const passName = style({
  margin: 0,
  fontSize: vars.fontSize.title,
  fontWeight: 800,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
});

/**
 * The QR, white with its quiet zone whatever the marina's colours: the card's full width up to 20rem (about
 * 8 px a module), and on a short phone no taller than leaves the number above the tab bar (320 × 568:
 * header, face's top and name, the number, the tab bar).
 */
export const passQr = style({
  display: 'block',
  width: '100%',
  maxWidth: 'min(20rem, calc(100dvh - 18.5rem))',
  height: 'auto',
  margin: '0 auto',
  background: '#ffffff',
  borderRadius: vars.radius.small,
});

export const passNumber = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fontSize.title,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  letterSpacing: '0.08em',
  lineHeight: vars.lineHeight.tight,
});

/** The brightness hint under the number: small, it must not push the code down. */
export const passHint = style({ margin: 0, textAlign: 'center', fontSize: vars.fontSize.small });

/** What follows the face: the words about it, the boats and the facts, at the page's usual width. */
export const passBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: `0 ${vars.space.medium}`,
  minWidth: 0,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.section });

/** Each boat the card covers, its name and whether the holder may use it today. */
export const boatVerdicts = style({
  display: 'flex',
  flexDirection: 'column',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  background: vars.color.surface,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
});

export const boatVerdict = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.small,
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.small} ${vars.space.medium}`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});

export const noBoats = style({ margin: 0 });

export const boatName = style({ fontWeight: vars.fontWeight.bold, minWidth: 0 });

/** The facts (role, marina, validity, when checked) on a card of their own. */
export const factsCard = style({
  padding: vars.space.medium,
  background: vars.color.surface,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.card,
});

/** The check's amber answer: a code that proves nothing, which is not a red card. */
export const staleBand = style([
  verdictBase,
  {
    background: vars.color.warningSurface,
    color: vars.color.warning,
    border: `2px solid ${vars.color.warningBorder}`,
    fontSize: vars.fontSize.title,
    letterSpacing: 0,
  },
]);

/**
 * A confirmation opened at the end of the screen is scrolled into view whole, its buttons clear of the
 * fixed tab bar.
 */
export const clearOfTabBar = style({
  scrollMarginBottom: `calc(${vars.size.tabBar} + ${vars.space.medium} + env(safe-area-inset-bottom))`,
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
