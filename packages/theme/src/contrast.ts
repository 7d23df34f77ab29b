import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { Tokens } from './tokens.ts';

extend([a11yPlugin]);

/** WCAG 2.2 AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** Foreground/background pairs the screens actually draw. */
const PAIRS: ReadonlyArray<readonly [keyof Tokens['color'], keyof Tokens['color']]> = [
  ['onBrand', 'brand'],
  ['text', 'background'],
  ['text', 'surface'],
  ['textMuted', 'background'],
  ['textMuted', 'surface'],
  ['accent', 'background'],
  ['accent', 'surface'],
  ['brand', 'surface'],
  ['danger', 'surface'],
  ['success', 'surface'],
  ['warning', 'surface'],
  ['onVerdict', 'cardValid'],
  ['onVerdict', 'cardInvalid'],
];

export interface ContrastProblem {
  foreground: keyof Tokens['color'];
  background: keyof Tokens['color'];
  ratio: number;
}

export function contrastRatio(foreground: string, background: string): number {
  return colord(foreground).contrast(background);
}

/** Every drawn pair under WCAG AA, with its ratio; an unparseable colour counts as a problem with ratio 0. */
export function contrastProblems(colors: Tokens['color']): ContrastProblem[] {
  return PAIRS.flatMap(([foreground, background]) => {
    const fg = colord(colors[foreground]);
    const bg = colord(colors[background]);
    const ratio = fg.isValid() && bg.isValid() ? fg.contrast(bg) : 0;
    return ratio >= MIN_CONTRAST ? [] : [{ foreground, background, ratio }];
  });
}
