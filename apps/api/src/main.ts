/**
 * Process entry: `node src/main.ts`. Configuration from the environment (see README), the embedded
 * database unless DATABASE_URL is set, the marinas from their folders (MARINAS_DIR, else the repository's apps/).
 */
import { ClientFoldersError } from '@marina/core/config/marina-folders.ts';
import { ConfigError } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { startServer } from './server.ts';

try {
  const server = await startServer({ handleSignals: true });
  console.log(`Marina API listening on ${server.url}`);
} catch (error) {
  // What a person can fix gets its message alone; anything else its stack.
  console.error(
    error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof ClientFoldersError
      ? error.message
      : error,
  );
  process.exit(1);
}
