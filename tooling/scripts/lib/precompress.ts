// .br and .gz beside every text file of a built folder, as the API server sends them (`preCompressed`).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes .br and .gz beside every text file, once at build time at the highest levels, so the server
 * sends them as they are instead of compressing on every request. `only`: these files of `dist`, not all.
 */
export async function precompress(dist: string, only?: string[]): Promise<void> {
  const files = (only ?? (await readdir(dist, { recursive: true }))).filter((file) =>
    /\.(js|css|html|svg|webmanifest|json)$/.test(file),
  );
  await Promise.all(
    files.map(async (file) => {
      const path = join(dist, file);
      const source = await readFile(path);
      if (source.length < 1024) return;
      await writeFile(`${path}.br`, await brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${path}.gz`, await gz(source, { level: 9 }));
    }),
  );
}
