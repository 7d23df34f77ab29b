/**
 * The token contract every brand fills. `BrandTokens` lists what a marina must choose (a missing one
 * fails the type check); everything else falls back to `baseTokens`. A type alias, not an interface:
 * vanilla-extract's contract needs the index signature only type literals get implicitly.
 */
export type Tokens = {
  color: {
    /** The marina's main colour: header, primary buttons, active tab. */
    brand: string;
    /** Text and icons drawn on `brand`. */
    onBrand: string;
    /** Links and focus on light surfaces; must read on `background` and `surface`. */
    accent: string;
    background: string;
    surface: string;
    text: string;
    textMuted: string;
    border: string;
    danger: string;
    success: string;
    warning: string;
    /** Card verdicts: the gate reads these at a glance. */
    cardValid: string;
    cardInvalid: string;
    onVerdict: string;
  };
  font: {
    body: string;
    heading: string;
  };
  fontSize: {
    small: string;
    body: string;
    large: string;
    title: string;
    display: string;
  };
  space: {
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
  size: {
    /** WCAG 2.2 target size we hold ourselves to (AAA 2.5.5), not just the AA minimum. */
    touchTarget: string;
    tabBar: string;
    contentMaxWidth: string;
  };
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export type BrandTokens = DeepPartial<Tokens> & {
  color: Pick<Tokens['color'], 'brand' | 'onBrand' | 'accent'> & Partial<Tokens['color']>;
};

export const baseTokens: Tokens = {
  color: {
    brand: '#0b4f6c',
    onBrand: '#ffffff',
    accent: '#0b6e99',
    background: '#f4f7f9',
    surface: '#ffffff',
    text: '#14212b',
    textMuted: '#4a5b68',
    border: '#c5d1da',
    danger: '#b3261e',
    success: '#1e6b34',
    warning: '#8a5300',
    cardValid: '#1e6b34',
    cardInvalid: '#b3261e',
    onVerdict: '#ffffff',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  fontSize: {
    small: '0.875rem',
    body: '1rem',
    large: '1.125rem',
    title: '1.375rem',
    display: '2rem',
  },
  space: {
    xsmall: '0.25rem',
    small: '0.5rem',
    medium: '1rem',
    large: '1.5rem',
    xlarge: '2.5rem',
  },
  radius: {
    small: '6px',
    medium: '12px',
    large: '20px',
    pill: '999px',
  },
  size: {
    touchTarget: '44px',
    tabBar: '64px',
    contentMaxWidth: '40rem',
  },
};

export function makeTokens(brand: BrandTokens): Tokens {
  return {
    color: { ...baseTokens.color, ...brand.color },
    font: { ...baseTokens.font, ...brand.font },
    fontSize: { ...baseTokens.fontSize, ...brand.fontSize },
    space: { ...baseTokens.space, ...brand.space },
    radius: { ...baseTokens.radius, ...brand.radius },
    size: { ...baseTokens.size, ...brand.size },
  };
}
