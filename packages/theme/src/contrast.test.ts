import { describe, expect, it } from 'vitest';
import {
  colourDifference,
  colourDifferenceProblems,
  contrastProblems,
  contrastRatio,
  MIN_COLOUR_DIFFERENCE,
} from './contrast.ts';
import { baseTokens, makeTokens } from './tokens.ts';
import { themeCss } from './theme-css.ts';

const brand = (color: string, onBrand = '#ffffff', accent = '#0b6e99') =>
  makeTokens({ color: { brand: color, onBrand, accent } });

describe('contrast', () => {
  it('measures black on white as 21:1', () => {
    expect(contrastRatio('#000', '#fff')).toBe(21);
  });

  it('accepts the base tokens in both schemes', () => {
    expect(contrastProblems(baseTokens)).toEqual([]);
  });

  it.each(['#0b4f6c', '#7a1f2b', '#0d5c63', '#5b2a86', '#1565c0', '#333333'])(
    'derives both schemes of a deep brand (%s) with every drawn pair readable',
    (colour) => {
      expect(contrastProblems(brand(colour))).toEqual([]);
    },
  );

  it('gives a pale brand a deep primary action of its own hue, so its buttons still read', () => {
    const tokens = brand('#f2c94c', '#1a1a1a');
    expect(tokens.color.primary).not.toBe('#f2c94c');
    expect(contrastProblems(tokens)).toEqual([]);
  });

  it('reports a pale brand colour under white text', () => {
    expect(contrastProblems(brand('#7fd3ff'))).toContainEqual(
      expect.objectContaining({ scheme: 'light', foreground: 'onBrand', background: 'brand' }),
    );
  });

  it('reports a dark-scheme colour a marina sets by hand that does not read', () => {
    const tokens = makeTokens({
      color: { brand: '#0b4f6c', onBrand: '#ffffff', accent: '#0b6e99' },
      dark: { color: { text: '#333333' } },
    });
    expect(contrastProblems(tokens)).toContainEqual(
      expect.objectContaining({ scheme: 'dark', foreground: 'text', background: 'background' }),
    );
  });

  it('reports a colour it cannot read', () => {
    expect(contrastProblems(brand('not-a-colour', '#fff'))).toContainEqual(
      expect.objectContaining({ scheme: 'light', foreground: 'onBrand', background: 'brand', ratio: 0 }),
    );
  });
});

describe('colour difference between the brand and the card’s verdicts', () => {
  it('measures a colour against itself as 0 and black against white as 100', () => {
    expect(colourDifference('#1e6b34', '#1e6b34')).toBe(0);
    expect(colourDifference('#000000', '#ffffff')).toBeCloseTo(100, 0);
  });

  it('refuses a green brand that reads as the valid card’s green', () => {
    const problems = colourDifferenceProblems(brand('#1f5c3a'));
    expect(problems).toContainEqual(expect.objectContaining({ scheme: 'light', colour: 'cardValid' }));
    expect(problems[0]!.difference).toBeLessThan(MIN_COLOUR_DIFFERENCE);
  });

  it('refuses a red brand that reads as the invalid card’s red', () => {
    expect(colourDifferenceProblems(brand('#c62828'))).toContainEqual(
      expect.objectContaining({ colour: 'cardInvalid' }),
    );
  });

  it('accepts a burgundy, a teal and a blue', () => {
    for (const colour of ['#7a1f2b', '#0d5c63', '#0b4f6c']) expect(colourDifferenceProblems(brand(colour))).toEqual([]);
  });
});

describe('the theme stylesheet', () => {
  it('fills the contract for light, and again for dark when the phone asks', () => {
    const css = themeCss(baseTokens);
    expect(css).toContain(`--mb-color-brand: ${baseTokens.color.brand};`);
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\) \{\s*:root \{[^}]*--mb-color-background: /);
    expect(css).toContain(`--mb-color-background: ${baseTokens.dark.color.background};`);
    expect(css).not.toContain('--mb-dark-');
  });
});
