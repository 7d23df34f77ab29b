// A marina's logo must never be cut: nothing in its viewBox's outer margin, and its words wholly on one
// plain area, never across the edge of the shape they sit in (decision 051). Measured on pixels, as drawn.
import { rasterize, svgSize, type Raster } from './svg-raster.ts';

/** The band along each side that must stay empty, as a fraction of the viewBox's width (sides) or height. */
export const SAFE_MARGIN = 0.04;
/**
 * How much wider and taller than measured a text may come out where the app is shown, as a fraction of its
 * measured width and height, before it is checked. Arimo, which measures, has Arial's widths: Helvetica (iOS)
 * is alike, Roboto (Android) a little narrower, but DejaVu Sans Bold, all that some Linux desktops have,
 * draws up to 19 % wider. A text whose `textLength` fixes its width (with lengthAdjust="spacingAndGlyphs",
 * as the logos here do) comes out that wide in any font: it keeps only a margin for hinting. The width is
 * added where the text grows, by its `text-anchor`: to the right of a start, the left of an end, half each
 * side of a middle; the height half above, half below.
 */
export const TEXT_GROWTH = { free: 0.2, fixed: 0.04, y: 0.3 };

/** The shorter side is drawn this many pixels long, whatever the viewBox's units. */
const MEASURE_PX = 320;
/** Alpha (of 255) up to which a pixel counts as empty: the faint fringe of an edge smoothed by anti-aliasing. */
const EMPTY_ALPHA = 16;
/** A channel differing by more than this between the logo with a text and without it: the text's pixel. */
const TEXT_INK = 32;
/** Pixels behind a text whose channels all lie this close together make one plain area. */
const PLAIN = 12;

interface Text {
  start: number;
  end: number;
  words: string;
  /** Where it grows in a wider font: start (rightwards), middle or end; read from the element itself only. */
  anchor: 'start' | 'middle' | 'end';
  /** Its width set by `textLength`, whatever the font. */
  fixedWidth: boolean;
}

/** Every `<text>` element: where the file writes it, and the words it shows. */
function texts(svg: string): Text[] {
  return [...svg.matchAll(/<text\b(?:[^>]*\/>|[\s\S]*?<\/text>)/g)].map(({ 0: markup, index }) => ({
    start: index,
    end: index + markup.length,
    anchor:
      (/text-anchor\s*[:=]\s*["']?\s*(middle|end)/.exec(markup.slice(0, markup.indexOf('>')))?.[1] as
        'middle' | 'end' | undefined) ?? 'start',
    fixedWidth: /\btextLength\s*=/.test(markup.slice(0, markup.indexOf('>'))),
    words: markup
      .replace(/<[^>]*>/g, '')
      .replace(
        /&(amp|lt|gt|quot|apos);/g,
        (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!,
      )
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

/** The SVG less the texts that `keep` turns down. */
function withTexts(svg: string, all: Text[], keep: (text: Text) => boolean): string {
  let kept = '';
  let from = 0;
  for (const text of all) {
    if (keep(text)) continue;
    kept += svg.slice(from, text.start);
    from = text.end;
  }
  return kept + svg.slice(from);
}

const alpha = (image: Raster, x: number, y: number) => image.pixels[(y * image.width + x) * 4 + 3]!;

/** Whether any channel of pixel `at` in `a` and pixel `bAt` in `b` (byte offsets) differ by more than `threshold`. */
function differs(a: Buffer, at: number, b: Buffer, bAt: number, threshold: number): boolean {
  for (let channel = 0; channel < 4; channel++) {
    if (Math.abs(a[at + channel]! - b[bAt + channel]!) > threshold) return true;
  }
  return false;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box of the pixels that differ between the two drawings, or undefined where none does. */
function inkBox(withText: Raster, without: Raster): Box | undefined {
  let box: Box | undefined;
  for (let y = 0; y < withText.height; y++) {
    for (let x = 0; x < withText.width; x++) {
      const at = (y * withText.width + x) * 4;
      if (!differs(withText.pixels, at, without.pixels, at, TEXT_INK)) continue;
      box = box
        ? {
            left: Math.min(box.left, x),
            top: Math.min(box.top, y),
            right: Math.max(box.right, x),
            bottom: Math.max(box.bottom, y),
          }
        : { left: x, top: y, right: x, bottom: y };
    }
  }
  return box;
}

/**
 * What is wrong with a marina's SVG logo, one line each, naming `file`; none when it is sound. The method:
 * 1. The logo is drawn (resvg, with the fonts of svg-raster.ts) and no pixel of the outer `SAFE_MARGIN` band
 *    may be more than faintly drawn: a shape cut by the viewBox, or touching it, fails.
 * 2. It is drawn again without its `<text>` elements (the backdrop), and with each alone on that backdrop:
 *    the pixels that change are that text's. Their box, grown by `TEXT_GROWTH`, must lie inside the safe
 *    area, and the backdrop within it must be one plain colour: a text that crosses the edge of the circle
 *    or badge it is set in, or runs into the mark, fails, whether the edge is a stroke, a fill or a clip.
 * A text that changes no pixel (no glyphs, or the colour of what is behind it) fails too: it cannot be read.
 */
export function logoProblems(svg: string, file: string): string[] {
  const declared = svgSize(svg);
  const zoom = MEASURE_PX / Math.min(declared.width, declared.height);
  const drawn = rasterize(svg, zoom);
  const { width, height } = drawn;
  const margin = { x: Math.ceil(width * SAFE_MARGIN), y: Math.ceil(height * SAFE_MARGIN) };
  const percent = `${SAFE_MARGIN * 100} %`;
  const inUnits = (x: number, y: number) =>
    `near x=${Math.round((x / width) * declared.width)}, y=${Math.round((y / height) * declared.height)} of the viewBox`;
  const problems: string[] = [];

  const all = texts(svg);
  let backdrop: Raster | undefined;
  for (const text of all) {
    backdrop ??= rasterize(
      withTexts(svg, all, () => false),
      zoom,
    );
    const alone = rasterize(
      withTexts(svg, all, (other) => other === text),
      zoom,
    );
    const ink = inkBox(alone, backdrop);
    const named = `${file}: the text «${text.words}»`;
    if (!ink) {
      problems.push(`${named} draws nothing that shows: give it a colour that reads on what is behind it.`);
      continue;
    }
    const wider = (ink.right - ink.left + 1) * (text.fixedWidth ? TEXT_GROWTH.fixed : TEXT_GROWTH.free);
    const share = text.fixedWidth ? 0.5 : { start: 0, middle: 0.5, end: 1 }[text.anchor];
    const taller = ((ink.bottom - ink.top + 1) * TEXT_GROWTH.y) / 2;
    const room: Box = {
      left: Math.floor(ink.left - wider * share),
      top: Math.floor(ink.top - taller),
      right: Math.ceil(ink.right + wider * (1 - share)),
      bottom: Math.ceil(ink.bottom + taller),
    };
    const allowance = text.fixedWidth ? '' : `, with room for a font ${TEXT_GROWTH.free * 100} % wider`;
    const cutByViewBox = ink.left === 0 || ink.top === 0 || ink.right === width - 1 || ink.bottom === height - 1;
    if (
      cutByViewBox ||
      room.left < margin.x ||
      room.top < margin.y ||
      room.right >= width - margin.x ||
      room.bottom >= height - margin.y
    ) {
      problems.push(
        `${named} ${cutByViewBox ? 'runs past the viewBox' : `comes within the outer ${percent} of the viewBox${allowance}`}: ` +
          'move it in, shorten it, lower its font-size or widen the viewBox.',
      );
      continue;
    }
    const centre = { x: Math.round((ink.left + ink.right) / 2), y: Math.round((ink.top + ink.bottom) / 2) };
    const plain = (centre.y * width + centre.x) * 4;
    let edge: { x: number; y: number } | undefined;
    for (let y = room.top; y <= room.bottom && !edge; y++) {
      for (let x = room.left; x <= room.right && !edge; x++) {
        if (differs(backdrop.pixels, (y * width + x) * 4, backdrop.pixels, plain, PLAIN)) edge = { x, y };
      }
    }
    if (edge) {
      problems.push(
        `${named} crosses the edge of a shape behind it, or runs into the mark (${inUnits(edge.x, edge.y)}${allowance}): ` +
          'set it wholly on one plain area (shorten it, lower its font-size, or widen the shape it sits on)' +
          (text.fixedWidth ? '.' : `; a textLength with lengthAdjust="spacingAndGlyphs" fixes its width in any font.`),
      );
    }
  }

  let touching: { x: number; y: number } | undefined;
  for (let y = 0; y < height && !touching; y++) {
    const inBand = y < margin.y || y >= height - margin.y;
    for (let x = 0; x < width && !touching; x++) {
      if ((inBand || x < margin.x || x >= width - margin.x) && alpha(drawn, x, y) > EMPTY_ALPHA) touching = { x, y };
    }
  }
  if (touching) {
    problems.push(
      `${file}: the logo draws within the outer ${percent} of its viewBox (${inUnits(touching.x, touching.y)}): ` +
        'keep that band empty, so that no edge of it is cut where the app shows it.',
    );
  }
  return problems;
}
