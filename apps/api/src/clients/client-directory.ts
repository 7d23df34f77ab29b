/**
 * The clients table, held in memory: every API request names its client, and the table changes only when a
 * marina is added (seeded at start), so a lookup per request would be wasted. An instance sees a new client
 * after a restart or reload().
 */
import {
  settingsWithinRules,
  withDefaultSettings,
  type Marina,
  type MarinaDeclaration,
} from '@marina/core/domain/marina.ts';
import type { Db } from '../db/database.ts';
import { clients } from './clients.schema.ts';

/**
 * A marina as its folder declares it, every setting filled in: what `GET /api/v1/client` answers (`Marina`),
 * and its SMS countries and contact e-mail, which stay on the server.
 */
export type ClientRecord = Marina & Pick<MarinaDeclaration, 'smsCountries' | 'contactEmail'>;

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
        {
          id: row.id,
          app: row.app,
          title: row.title,
          timeZone: row.timeZone,
          openingHours: row.openingHours,
          // A staff value stored before its setting had a range, and outside it, yields (decision 040).
          settings: withDefaultSettings({ ...row.settings, ...settingsWithinRules(row.staffSettings) }),
          sendsSms: row.sendsSms,
          smsCountries: row.smsCountries,
          contactEmail: row.contactEmail,
        },
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
