/**
 * Process entry: `node src/main.ts`. Configuration from the environment (see README), the embedded
 * database unless DATABASE_URL is set, clients from CLIENTS_JSON or the defaults.
 */
import { ConfigError } from './config.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { startServer } from './server.ts';

try {
  const server = await startServer({ handleSignals: true });
  console.log(`Marina API listening on ${server.url}`);
} catch (error) {
  // What a person can fix gets its message alone; anything else its stack.
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
}
