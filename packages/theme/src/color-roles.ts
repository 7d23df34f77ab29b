/**
 * The colour roles every screen draws with (docs/design/README.md). A marina chooses three (`brand`, `onBrand`,
 * `accent`); the rest are derived from them in both schemes (schemes.ts), and a marina may still set any.
 */
export type ColorTokens = {
  /** The marina's main colour: header, active tab, the card's band. */
  brand: string;
  /** Text and icons drawn on `brand`. */
  onBrand: string;
  /** Links and focus rings; must read on `background` and `surface`. */
  accent: string;
  /** The one primary action of a screen: filled buttons, selected chips. The brand in light, lighter in dark. */
  primary: string;
  onPrimary: string;
  /** A quiet tint of the brand: icon tiles, the selected row, illustrations' water. */
  brandSoft: string;
  onBrandSoft: string;
  background: string;
  surface: string;
  /** A step off `surface`: skeletons, grouped rows, a field's filled background. */
  surfaceMuted: string;
  text: string;
  textMuted: string;
  /** Dividers and cards' hairlines: decorative, no contrast asked. */
  border: string;
  /** Fields' and controls' outlines: 3:1 against the surface (WCAG 1.4.11). */
  borderStrong: string;
  // Semantic tones, apart from the brand: each a text (or icon) colour, a surface and a border.
  success: string;
  successSurface: string;
  successBorder: string;
  warning: string;
  warningSurface: string;
  warningBorder: string;
  danger: string;
  dangerSurface: string;
  dangerBorder: string;
  info: string;
  infoSurface: string;
  infoBorder: string;
  neutral: string;
  neutralSurface: string;
  neutralBorder: string;
  /** Card verdicts: the gate reads these at a glance, in either scheme. */
  cardValid: string;
  cardInvalid: string;
  onVerdict: string;
};
