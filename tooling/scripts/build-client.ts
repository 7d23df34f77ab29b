// Builds the client folder it runs in (`pnpm build` in apps/client-<id>) into its own dist/.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build } from 'vite';
import { ClientFoldersError } from '@marina/core/config/marina-folders.ts';
import { ClientConfigError } from '@marina/core/config/validate-config.ts';
import { clientViteConfig } from '../vite/client-vite-config.ts';
import { PrerenderError, prerenderLogin } from '../vite/prerender.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes .br and .gz beside every text file, once at build time at the highest levels, so the server
 * sends them as they are instead of compressing on every request.
 */
async function precompress(dist: string): Promise<void> {
  const files = (await readdir(dist, { recursive: true })).filter((file) =>
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

const dir = resolve(process.argv[2] ?? process.cwd());
try {
  // Every marina folder is read (clientesConSMS comes from all of them): a wrong one, or another folder
  // declaring this one's clientId, fails the build with a message naming them.
  const apiUrl = process.env.MARINA_API_URL;
  const options = { production: true, ...(apiUrl ? { apiUrl } : {}) };
  await build(await clientViteConfig(dir, options));
  await prerenderLogin(dir, options);
  await precompress(join(dir, 'dist'));
  console.log(`built ${dir}/dist`);
} catch (error) {
  if (error instanceof ClientConfigError || error instanceof ClientFoldersError || error instanceof PrerenderError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
