/** What route plugins share: the database, the configuration and the clock (injectable, so tests can move time). */
import type { ClientDirectory } from './clients/client-directory.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { ChangeFeed } from './live/change-feed.ts';

export interface Services {
  db: Db;
  config: Config;
  directory: ClientDirectory;
  clock: () => Date;
  /** What the database announces has changed, for the live event stream (decision 062). */
  changes: ChangeFeed;
}
