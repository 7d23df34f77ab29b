// SVG to pixels, for the brand's PNG icons and the logo check (decision 051): resvg, a Rust renderer that
// npm ships prebuilt for each platform, with fonts from npm too, so every machine draws a logo's text alike.
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/**
 * Arimo: metric-compatible with Arial, the first family the logos name, and what a phone without Arial
 * (Android draws Roboto, a little narrower) comes close to. Only these fonts are loaded: the system's would
 * make one machine's measure differ from another's.
 */
const FONT_FILES = [
  '400Regular/Arimo_400Regular.ttf',
  '400Regular_Italic/Arimo_400Regular_Italic.ttf',
  '700Bold/Arimo_700Bold.ttf',
  '700Bold_Italic/Arimo_700Bold_Italic.ttf',
].map((file) => require.resolve(`@expo-google-fonts/arimo/${file}`));
const FONT = {
  loadSystemFonts: false,
  fontFiles: FONT_FILES,
  defaultFontFamily: 'Arimo',
  sansSerifFamily: 'Arimo',
  serifFamily: 'Arimo',
  monospaceFamily: 'Arimo',
  cursiveFamily: 'Arimo',
  fantasyFamily: 'Arimo',
};

export interface Raster {
  width: number;
  height: number;
  /** RGBA, premultiplied by alpha, row by row. */
  pixels: Buffer;
}

/** The size an SVG declares (its width and height, or its viewBox's), in user units. */
export function svgSize(svg: string | Buffer): { width: number; height: number } {
  const resvg = new Resvg(svg, { font: FONT });
  return { width: resvg.width, height: resvg.height };
}

/** Draws an SVG `zoom` times its declared size. */
export function rasterize(svg: string | Buffer, zoom: number): Raster {
  const image = new Resvg(svg, { font: FONT, fitTo: { mode: 'zoom', value: zoom } }).render();
  return { width: image.width, height: image.height, pixels: image.pixels };
}

export interface SquareOptions {
  /** Side of the PNG, in pixels. */
  size: number;
  /** Room left on each side, as a fraction of the side: the image is drawn within the rest, centred. */
  inset?: number;
  /** Colour under the image, edge to edge (`#rrggbb`): the PNG is then opaque. */
  background?: string;
}

/**
 * A square PNG of an SVG (the marina's icon): the SVG scaled to fit the square less the inset, centred,
 * over the background if one is given.
 */
export function squarePng(svg: string | Buffer, options: SquareOptions): Buffer {
  return new Resvg(squareFrame(svg, options), { font: FONT }).render().asPng();
}

/** The pixels of `squarePng`'s square, not yet a PNG. */
export function squarePixels(svg: string | Buffer, options: SquareOptions): Raster {
  const image = new Resvg(squareFrame(svg, options), { font: FONT }).render();
  return { width: image.width, height: image.height, pixels: image.pixels };
}

function squareFrame(svg: string | Buffer, { size, inset = 0, background }: SquareOptions): string {
  const href = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const at = size * inset;
  const side = size - 2 * at;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    (background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : '') +
    `<image href="${href}" x="${at}" y="${at}" width="${side}" height="${side}" preserveAspectRatio="xMidYMid meet"/>` +
    '</svg>'
  );
}

/**
 * How wide a line of text is drawn, in the units of its font-size, with the fonts above: what a logo's
 * badge needs to hold a marina's short name (templates/logo.svg.template).
 */
export function textWidth(words: string, { fontSize, fontWeight = 400 }: { fontSize: number; fontWeight?: number }) {
  const escaped = words.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${fontSize * words.length * 2 + 10}" height="${fontSize * 3}">` +
    `<text x="5" y="${fontSize * 2}" font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="${fontWeight}">${escaped}</text></svg>`;
  return new Resvg(svg, { font: FONT }).getBBox()?.width ?? 0;
}
