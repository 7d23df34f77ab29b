import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import labPlugin from 'colord/plugins/lab';
import type { ColorTokens, Tokens } from './tokens.ts';

extend([a11yPlugin, labPlugin]);

/** WCAG 2.2 AA for normal text. */
export const MIN_CONTRAST = 4.5;
/** WCAG 2.2 AA for the outline of a control (1.4.11). */
export const MIN_NON_TEXT_CONTRAST = 3;

/**
 * How far apart (CIEDE2000, 0 to 100) the brand must be from a colour that carries a meaning, so that the
 * verdict at the gate never reads as the marina's decoration: below about 10, two colours read as shades of
 * one; 15 leaves a margin (decision 050).
 */
export const MIN_COLOUR_DIFFERENCE = 15;

export type Scheme = 'light' | 'dark';

type Pair = readonly [foreground: keyof ColorTokens, background: keyof ColorTokens, minimum: number];

const text = (foreground: keyof ColorTokens, ...backgrounds: (keyof ColorTokens)[]): Pair[] =>
  backgrounds.map((background) => [foreground, background, MIN_CONTRAST] as const);

/** Foreground/background pairs the screens actually draw, in either scheme. */
const PAIRS: readonly Pair[] = [
  ...text('onBrand', 'brand'),
  ...text('onPrimary', 'primary'),
  ...text('primary', 'background', 'surface'),
  ...text('onBrandSoft', 'brandSoft'),
  ...text('text', 'background', 'surface', 'surfaceMuted'),
  ...text('textMuted', 'background', 'surface', 'surfaceMuted'),
  ...text('accent', 'background', 'surface'),
  ...(['success', 'warning', 'danger', 'info', 'neutral'] as const).flatMap((tone) =>
    text(tone, 'surface', 'background', `${tone}Surface`),
  ),
  ...text('onVerdict', 'cardValid', 'cardInvalid'),
  ['borderStrong', 'surface', MIN_NON_TEXT_CONTRAST],
  ['borderStrong', 'background', MIN_NON_TEXT_CONTRAST],
];

/** The colours that say something: the brand must stay apart from each. */
const MEANINGFUL: readonly (keyof ColorTokens)[] = ['cardValid', 'cardInvalid'];

export interface ContrastProblem {
  scheme: Scheme;
  foreground: keyof ColorTokens;
  background: keyof ColorTokens;
  ratio: number;
  minimum: number;
}

export interface ColourDifferenceProblem {
  scheme: Scheme;
  colour: keyof ColorTokens;
  difference: number;
}

export function contrastRatio(foreground: string, background: string): number {
  return colord(foreground).contrast(background);
}

/** CIEDE2000 difference of two colours, 0 (the same) to 100. */
export function colourDifference(a: string, b: string): number {
  return colord(a).delta(b) * 100;
}

function schemes(tokens: Pick<Tokens, 'color' | 'dark'>): [Scheme, ColorTokens][] {
  return [
    ['light', tokens.color],
    ['dark', tokens.dark.color],
  ];
}

/** Every drawn pair under its minimum, in both schemes; an unparseable colour counts as ratio 0. */
export function contrastProblems(tokens: Pick<Tokens, 'color' | 'dark'>): ContrastProblem[] {
  return schemes(tokens).flatMap(([scheme, colors]) =>
    PAIRS.flatMap(([foreground, background, minimum]) => {
      const fg = colord(colors[foreground]);
      const bg = colord(colors[background]);
      const ratio = fg.isValid() && bg.isValid() ? fg.contrast(bg) : 0;
      return ratio >= minimum ? [] : [{ scheme, foreground, background, ratio, minimum }];
    }),
  );
}

/** The brand too close to a colour that carries a meaning (the card's green or red), in either scheme. */
export function colourDifferenceProblems(tokens: Pick<Tokens, 'color' | 'dark'>): ColourDifferenceProblem[] {
  return schemes(tokens).flatMap(([scheme, colors]) =>
    colord(colors.brand).isValid()
      ? MEANINGFUL.flatMap((colour) => {
          const difference = colourDifference(colors.brand, colors[colour]);
          return difference >= MIN_COLOUR_DIFFERENCE ? [] : [{ scheme, colour, difference }];
        })
      : [],
  );
}
