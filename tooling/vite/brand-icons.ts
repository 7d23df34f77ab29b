// The PNG icons a phone installs the app with, drawn at build from the marina's icon.svg (decision 051):
// iOS takes no SVG for the home screen (it would draw a screenshot instead), nor do some Android launchers.
import { crc32, deflateSync } from 'node:zlib';
import { squarePixels, squarePng, type Raster } from './svg-raster.ts';

/**
 * The W3C's safe zone of a maskable icon: a launcher may cut anything outside the central circle of 80 % of
 * the side, so the icon is drawn within it, on the brand colour edge to edge.
 */
export const MASKABLE_SAFE_ZONE = 0.8;

/** Each PNG under /brand/: its side in pixels, and how it is drawn. */
export const BRAND_ICONS = {
  // iOS fills a transparent pixel with black: opaque, on the brand colour.
  'apple-touch-icon.png': { size: 180, opaque: true, maskable: false },
  'icon-192.png': { size: 192, opaque: false, maskable: false },
  'icon-512.png': { size: 512, opaque: false, maskable: false },
  'icon-maskable-512.png': { size: 512, opaque: true, maskable: true },
} as const satisfies Record<string, { size: number; opaque: boolean; maskable: boolean }>;

export type BrandIconName = keyof typeof BRAND_ICONS;

/** The small monochrome icon Android shows in the status bar for a push (decision 063). */
export const BADGE_ICON = 'badge-96.png';
export const BADGE_SIZE = 96;

/** Every PNG of `BRAND_ICONS`, from the marina's icon and its brand colour (`#rrggbb`). */
export function brandIcons(iconSvg: string | Buffer, brand: string): Record<BrandIconName, Buffer> {
  const entries = Object.entries(BRAND_ICONS).map(([name, { size, opaque, maskable }]) => [
    name,
    squarePng(iconSvg, {
      size,
      ...(opaque ? { background: brand } : {}),
      ...(maskable ? { inset: (1 - MASKABLE_SAFE_ZONE) / 2 } : {}),
    }),
  ]);
  return Object.fromEntries(entries) as Record<BrandIconName, Buffer>;
}

/**
 * The notification badge: Android draws only its alpha, in one colour, so it is the icon's glyph in white on
 * nothing. The icon's background is the colour of its corner; each pixel is as opaque as it differs from it,
 * the most different fully. An icon drawn on nothing (a transparent corner) keeps its own alpha.
 */
export function badgePng(iconSvg: string | Buffer, size = BADGE_SIZE): Buffer {
  const { width, height, pixels } = squarePixels(iconSvg, { size });
  const corner = [pixels[0]!, pixels[1]!, pixels[2]!, pixels[3]!];
  const onNothing = corner[3]! < 128;
  const distance = new Float64Array(width * height);
  let strongest = 0;
  for (let i = 0; i < width * height; i += 1) {
    const at = i * 4;
    const d = onNothing
      ? pixels[at + 3]!
      : Math.max(...[0, 1, 2, 3].map((channel) => Math.abs(pixels[at + channel]! - corner[channel]!)));
    distance[i] = d;
    strongest = Math.max(strongest, d);
  }
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    rgba.writeUInt32BE((0xffffff00 | Math.round(strongest === 0 ? 0 : (distance[i]! * 255) / strongest)) >>> 0, i * 4);
  }
  return encodePng({ width, height, pixels: rgba });
}

/** A PNG of straight (not premultiplied) RGBA pixels: no filter, one IDAT. */
function encodePng({ width, height, pixels }: Raster): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    pixels.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every PNG a marina's bundle serves under `/brand/`: the icons a phone installs the app with, and the badge. */
export function marinaPngs(iconSvg: string | Buffer, brand: string): Record<string, Buffer> {
  return { ...brandIcons(iconSvg, brand), [BADGE_ICON]: badgePng(iconSvg) };
}
