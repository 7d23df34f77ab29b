import type { ColorTokens } from './color-roles.ts';
import { deriveColors, deriveDarkColors } from './schemes.ts';

export type { ColorTokens };

/**
 * The token contract every brand fills. `BrandTokens` lists what a marina must choose (a missing one
 * fails the type check); everything else falls back to derived or base values. A type alias, not an
 * interface: vanilla-extract's contract needs the index signature only type literals get implicitly.
 */
export type Tokens = {
  color: ColorTokens;
  font: {
    body: string;
    heading: string;
  };
  /** One scale: the page title leads, a section's heading follows, a card's title is the body's size, bold. */
  fontSize: {
    caption: string;
    small: string;
    body: string;
    large: string;
    section: string;
    title: string;
    display: string;
  };
  fontWeight: {
    regular: string;
    medium: string;
    bold: string;
  };
  lineHeight: {
    tight: string;
    body: string;
  };
  space: {
    xxsmall: string;
    xsmall: string;
    small: string;
    medium: string;
    large: string;
    xlarge: string;
  };
  radius: {
    small: string;
    medium: string;
    large: string;
    pill: string;
  };
  /** Elevation: cards rest on the page with a shadow, not an outline; sheets and the tab bar float higher. */
  shadow: {
    card: string;
    raised: string;
  };
  motion: {
    fast: string;
    normal: string;
    easing: string;
  };
  size: {
    /** WCAG 2.2 target size we hold ourselves to (AAA 2.5.5), not just the AA minimum. */
    touchTarget: string;
    tabBar: string;
    contentMaxWidth: string;
    icon: string;
    iconTile: string;
  };
  /** The scheme the phone asks for in the dark (`prefers-color-scheme: dark`): colours and shadows only. */
  dark: {
    color: ColorTokens;
    shadow: Tokens['shadow'];
  };
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export type BrandTokens = DeepPartial<Omit<Tokens, 'dark'>> & {
  color: Pick<ColorTokens, 'brand' | 'onBrand' | 'accent'> & Partial<ColorTokens>;
  dark?: { color?: Partial<ColorTokens> };
};

/** The platform's own colours: the default brand, and what fixture and template marinas start from. */
export const BASE_BRAND = { brand: '#0b4f6c', onBrand: '#ffffff', accent: '#0b6e99' } as const;

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const scales: Omit<Tokens, 'color' | 'dark'> = {
  font: { body: systemFont, heading: systemFont },
  fontSize: {
    caption: '0.8125rem',
    small: '0.875rem',
    body: '1rem',
    large: '1.0625rem',
    section: '1.125rem',
    title: '1.625rem',
    display: '2rem',
  },
  fontWeight: { regular: '400', medium: '550', bold: '700' },
  lineHeight: { tight: '1.25', body: '1.5' },
  space: {
    xxsmall: '0.125rem',
    xsmall: '0.25rem',
    small: '0.5rem',
    medium: '1rem',
    large: '1.5rem',
    xlarge: '2.5rem',
  },
  radius: { small: '8px', medium: '14px', large: '22px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgb(16 24 32 / 0.06), 0 1px 3px rgb(16 24 32 / 0.08)',
    raised: '0 4px 12px rgb(16 24 32 / 0.10), 0 1px 3px rgb(16 24 32 / 0.08)',
  },
  motion: { fast: '120ms', normal: '220ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
  size: {
    touchTarget: '44px',
    tabBar: '64px',
    contentMaxWidth: '40rem',
    icon: '1.375rem',
    iconTile: '2.5rem',
  },
};

const darkShadow: Tokens['shadow'] = {
  // On a dark page a shadow barely shows: elevation is the surface's lighter tone, the shadow only rounds it off.
  card: '0 1px 2px rgb(0 0 0 / 0.5)',
  raised: '0 4px 16px rgb(0 0 0 / 0.6)',
};

export function makeTokens(brand: BrandTokens): Tokens {
  const color = { ...deriveColors(brand.color), ...brand.color };
  return {
    color,
    font: { ...scales.font, ...brand.font },
    fontSize: { ...scales.fontSize, ...brand.fontSize },
    fontWeight: { ...scales.fontWeight, ...brand.fontWeight },
    lineHeight: { ...scales.lineHeight, ...brand.lineHeight },
    space: { ...scales.space, ...brand.space },
    radius: { ...scales.radius, ...brand.radius },
    shadow: { ...scales.shadow, ...brand.shadow },
    motion: { ...scales.motion, ...brand.motion },
    size: { ...scales.size, ...brand.size },
    dark: {
      color: { ...deriveDarkColors(color), ...brand.dark?.color },
      shadow: darkShadow,
    },
  };
}

export const baseTokens: Tokens = makeTokens({ color: { ...BASE_BRAND } });
