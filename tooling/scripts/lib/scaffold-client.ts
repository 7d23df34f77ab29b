import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../vite/client-vite-config.ts';
import { SAFE_MARGIN } from '../../vite/logo-check.ts';
import { textWidth } from '../../vite/svg-raster.ts';

export interface NewClient {
  id: number;
  title: string;
  shortName: string;
  brand: string;
  accent: string;
  phone: string;
  email: string;
  address: string;
  /** IANA zone of the marina; Europe/Madrid when not given. */
  timeZone?: string | undefined;
  /** Codes by SMS instead of e-mail; false when not given. */
  sendsSms?: boolean | undefined;
}

/**
 * The template logo's measures for a short name: a badge of the brand colour, 64 high, holding the mark
 * (46 square, 8 in) and the name beside it (22 high, 10 after the mark, 16 before the badge's end), in a
 * viewBox wide enough to leave its outer `SAFE_MARGIN` empty. The name's `textLength` is its width in Arimo
 * (Arial's widths), so that any font the phone has draws it that wide and no wider.
 */
export function logoLayout(shortName: string) {
  const textLength = Math.ceil(textWidth(shortName, { fontSize: 22, fontWeight: 700 }));
  const badge = 8 + 46 + 10 + textLength + 16;
  let margin = 1;
  while (margin < Math.ceil(SAFE_MARGIN * (badge + 2 * margin)) + 1) margin++;
  return { width: badge + 2 * margin, margin, badge, markX: margin + 8, textX: margin + 64, textLength };
}

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Writes a client folder: package.json, client.config.ts, logo.svg and icon.svg, nothing else.
 * The logo and icon start as the template's with the brand colour and the short name (`logoLayout`); the
 * marina replaces them.
 */
export async function scaffoldClient(client: NewClient, appsDir = join(repoRoot, 'apps')): Promise<string> {
  const dir = join(appsDir, `client-${client.id}`);
  if (existsSync(dir)) throw new Error(`apps/client-${client.id} already exists`);
  await mkdir(dir, { recursive: true });
  const template = join(repoRoot, 'tooling', 'scripts', 'templates');
  const logo = logoLayout(client.shortName);
  const fill = (text: string) =>
    text
      .replaceAll('__TITLE_XML__', xml(client.title))
      .replaceAll('__SHORT_XML__', xml(client.shortName))
      .replaceAll('__LOGO_WIDTH__', String(logo.width))
      .replaceAll('__LOGO_MARGIN__', String(logo.margin))
      .replaceAll('__BADGE_WIDTH__', String(logo.badge))
      .replaceAll('__MARK_X__', String(logo.markX))
      .replaceAll('__TEXT_X__', String(logo.textX))
      .replaceAll('__TEXT_LENGTH__', String(logo.textLength))
      .replaceAll('__ID__', String(client.id))
      .replaceAll('__TITLE__', client.title.replaceAll("'", "\\'"))
      .replaceAll('__SHORT__', client.shortName.replaceAll("'", "\\'"))
      .replaceAll('__BRAND__', client.brand)
      .replaceAll('__ACCENT__', client.accent)
      .replaceAll('__PHONE__', client.phone)
      .replaceAll('__EMAIL__', client.email)
      .replaceAll('__ADDRESS__', client.address.replaceAll("'", "\\'"))
      .replaceAll('__TIME_ZONE__', (client.timeZone ?? 'Europe/Madrid').replaceAll("'", "\\'"))
      .replaceAll('__SENDS_SMS__', String(client.sendsSms ?? false));
  try {
    for (const file of ['package.json', 'client.config.ts', 'logo.svg', 'icon.svg']) {
      await writeFile(join(dir, file), fill(await readFile(join(template, `${file}.template`), 'utf8')));
    }
  } catch (error) {
    // A half-written folder would only make the next try say it exists.
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}
