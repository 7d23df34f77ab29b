// The PNG icons a phone installs the app with, drawn at build from the marina's icon.svg (decision 051):
// iOS takes no SVG for the home screen (it would draw a screenshot instead), nor do some Android launchers.
import { squarePng } from './svg-raster.ts';

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
