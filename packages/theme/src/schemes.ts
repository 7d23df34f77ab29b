import { argbFromHex, Contrast, Hct, hexFromArgb, TonalPalette } from '@material/material-color-utilities';
import type { ColorTokens } from './color-roles.ts';

/**
 * Colour schemes from the three colours a marina chooses, after Material 3's tonal palettes: a palette keeps
 * a colour's hue and chroma and varies its tone (0 black, 100 white), and two tones 50 or more apart meet
 * 4.5:1 whatever the hue. So every role below is a tone picked for the pair it is drawn in, and both schemes
 * meet contrast by construction; contrast.ts still proves it for each brand at build.
 */

/** The semantic tones' seeds, apart from any brand: a status reads the same in every marina. */
export const SEMANTIC_SEEDS = {
  success: '#1e6b34',
  warning: '#8a5300',
  danger: '#b3261e',
  info: '#0b5cad',
} as const;

/**
 * The card's verdicts, fixed for every marina (the gate learns them once). The red is brighter than the
 * danger seed so that it stays apart from a dark red brand (decision 050).
 */
export const VERDICT = { valid: '#1e6b34', invalid: '#c42b1c', onVerdict: '#ffffff' } as const;

type Semantic = keyof typeof SEMANTIC_SEEDS;

const palette = (hex: string) => TonalPalette.fromInt(safeArgb(hex));
const tone = (p: TonalPalette, t: number) => hexFromArgb(p.tone(t));

/** An unreadable colour derives from black: the contrast check reports the colour itself, by name. */
function safeArgb(hex: string): number {
  return /^#[0-9a-f]{6}$/i.test(hex) || /^#[0-9a-f]{3}$/i.test(hex) ? argbFromHex(hex) : argbFromHex('#000000');
}

/** Greys with a touch of the brand's hue, as Material's neutral palettes: the page feels the marina's. */
function neutrals(brand: string) {
  const hue = Hct.fromInt(safeArgb(brand)).hue;
  return { neutral: TonalPalette.fromHueAndChroma(hue, 4), variant: TonalPalette.fromHueAndChroma(hue, 10) };
}

/** A surface keeps the hue with less chroma: a tinted page, not a highlighter. */
const SURFACE_CHROMA = 16;

function semanticTones(text: number, surface: number, border: number) {
  return Object.fromEntries(
    (Object.keys(SEMANTIC_SEEDS) as Semantic[]).flatMap((name) => {
      const p = palette(SEMANTIC_SEEDS[name]);
      const quiet = TonalPalette.fromHueAndChroma(p.hue, Math.min(p.chroma, SURFACE_CHROMA));
      return [
        [name, tone(p, text)],
        [`${name}Surface`, tone(quiet, surface)],
        [`${name}Border`, tone(p, border)],
      ];
    }),
  ) as Pick<ColorTokens, Semantic | `${Semantic}Surface` | `${Semantic}Border`>;
}

type Chosen = Pick<ColorTokens, 'brand' | 'onBrand' | 'accent'>;

/**
 * The light scheme: the marina's brand as chosen, and its primary action in the brand itself, unless the brand
 * is too pale to read on a white card (a yellow, say): then a deep tone of it, with white on it.
 */
export function deriveColors({ brand, onBrand, accent }: Chosen): ColorTokens {
  const brandTones = palette(brand);
  const { neutral, variant } = neutrals(brand);
  const background = tone(neutral, 97);
  const brandReads = [background, '#ffffff'].every(
    (surface) =>
      Contrast.ratioOfTones(Hct.fromInt(safeArgb(brand)).tone, Hct.fromInt(argbFromHex(surface)).tone) >= 4.5,
  );
  return {
    brand,
    onBrand,
    accent,
    primary: brandReads ? brand : tone(brandTones, 35),
    onPrimary: brandReads ? onBrand : '#ffffff',
    brandSoft: tone(brandTones, 94),
    onBrandSoft: tone(brandTones, 25),
    background,
    surface: '#ffffff',
    surfaceMuted: tone(neutral, 94),
    text: tone(neutral, 12),
    textMuted: tone(variant, 38),
    border: tone(variant, 90),
    borderStrong: tone(variant, 50),
    ...semanticTones(35, 95, 80),
    neutral: tone(variant, 38),
    neutralSurface: tone(neutral, 94),
    neutralBorder: tone(variant, 80),
    cardValid: VERDICT.valid,
    cardInvalid: VERDICT.invalid,
    onVerdict: VERDICT.onVerdict,
  };
}

/**
 * The dark scheme, from the light one's brand and accent: dark tinted surfaces, light text, the header a deep
 * tone of the brand and the primary action a light one (a filled brand button would sink into the page).
 * The verdicts keep their colours: the gate reads the same green and red day and night.
 */
export function deriveDarkColors({ brand, accent }: Pick<ColorTokens, 'brand' | 'accent'>): ColorTokens {
  const brandTones = palette(brand);
  const { neutral, variant } = neutrals(brand);
  return {
    brand: tone(brandTones, 22),
    onBrand: tone(brandTones, 98),
    accent: tone(palette(accent), 80),
    primary: tone(brandTones, 80),
    onPrimary: tone(brandTones, 15),
    brandSoft: tone(brandTones, 25),
    onBrandSoft: tone(brandTones, 90),
    background: tone(neutral, 6),
    surface: tone(neutral, 12),
    surfaceMuted: tone(neutral, 20),
    text: tone(neutral, 92),
    textMuted: tone(variant, 75),
    border: tone(variant, 24),
    borderStrong: tone(variant, 60),
    ...semanticTones(80, 20, 40),
    neutral: tone(variant, 75),
    neutralSurface: tone(neutral, 22),
    neutralBorder: tone(variant, 40),
    cardValid: VERDICT.valid,
    cardInvalid: VERDICT.invalid,
    onVerdict: VERDICT.onVerdict,
  };
}
