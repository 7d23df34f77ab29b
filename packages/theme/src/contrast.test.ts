import { describe, expect, it } from 'vitest';
import { contrastProblems, contrastRatio } from './contrast.ts';
import { baseTokens, makeTokens } from './tokens.ts';

describe('contrast', () => {
  it('measures black on white as 21:1', () => {
    expect(contrastRatio('#000', '#fff')).toBe(21);
  });

  it('accepts the base tokens', () => {
    expect(contrastProblems(baseTokens.color)).toEqual([]);
  });

  it('reports a pale brand colour under white text', () => {
    const tokens = makeTokens({ color: { brand: '#7fd3ff', onBrand: '#ffffff', accent: '#0b6e99' } });
    expect(contrastProblems(tokens.color)).toContainEqual(
      expect.objectContaining({ foreground: 'onBrand', background: 'brand' }),
    );
  });

  it('reports a colour it cannot read', () => {
    const tokens = makeTokens({ color: { brand: 'not-a-colour', onBrand: '#fff', accent: '#0b6e99' } });
    expect(contrastProblems(tokens.color)).toContainEqual({ foreground: 'onBrand', background: 'brand', ratio: 0 });
  });
});
