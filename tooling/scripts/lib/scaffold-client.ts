import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../vite/client-vite-config.ts';

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
 * Writes a client folder: package.json, client.config.ts, logo.svg and icon.svg, nothing else.
 * The logo and icon start as the template's with the brand colour; the marina replaces them.
 */
export async function scaffoldClient(client: NewClient, appsDir = join(repoRoot, 'apps')): Promise<string> {
  const dir = join(appsDir, `client-${client.id}`);
  if (existsSync(dir)) throw new Error(`apps/client-${client.id} already exists`);
  await mkdir(dir, { recursive: true });
  const template = join(repoRoot, 'tooling', 'scripts', 'templates');
  const fill = (text: string) =>
    text
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
