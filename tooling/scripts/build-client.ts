// Builds the client folder it runs in (`pnpm build` in apps/client-<id>) into its own dist/.
import { build } from 'vite';
import { ClientConfigError } from '@marina/core/config/validate-config.ts';
import { clientViteConfig } from '../vite/client-vite-config.ts';

const dir = process.argv[2] ?? process.cwd();
try {
  const apiUrl = process.env.MARINA_API_URL;
  await build(await clientViteConfig(dir, { production: true, ...(apiUrl ? { apiUrl } : {}) }));
  console.log(`built ${dir}/dist`);
} catch (error) {
  if (error instanceof ClientConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
