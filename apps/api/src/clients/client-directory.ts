/**
 * The clients table, held in memory: every API request names its client, and the table changes only when a
 * marina is added (seeded at start), so a lookup per request would be wasted. An instance sees a new client
 * after a restart or reload().
 */
import type { Db } from '../db/database.ts';
import { clients } from '../db/schema.ts';
import { withDefaultSettings, type ClientSettings } from './client-settings.ts';

export interface ClientRecord {
  id: number;
  app: string;
  title: string;
  timeZone: string;
  settings: ClientSettings;
}

export interface ClientDirectory {
  get(id: number): ClientRecord | undefined;
  list(): ClientRecord[];
  reload(): Promise<void>;
}

export async function loadClientDirectory(db: Db): Promise<ClientDirectory> {
  let byId = new Map<number, ClientRecord>();
  const reload = async () => {
    const rows = await db.select().from(clients).orderBy(clients.id);
    byId = new Map(
      rows.map((row) => [
        row.id,
        { id: row.id, app: row.app, title: row.title, timeZone: row.timeZone, settings: withDefaultSettings(row.settings) },
      ]),
    );
  };
  await reload();
  return {
    get: (id) => byId.get(id),
    list: () => [...byId.values()],
    reload,
  };
}
