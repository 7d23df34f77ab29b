import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { eq, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newPerson, registerAccount, STRONG_PASSWORD } from '../test/accounts.ts';
import { dayFromToday, pdfBytes, requestNewBoat } from '../test/boats.ts';
import { pushNotice } from '../push/push-delivery.ts';
import { launchBody } from '../test/launches.ts';
import { useTestServer } from '../test/test-server.ts';
import type { Database } from './database.ts';
import { personalDataTables } from './personal-data.ts';
import * as schema from './schema.ts';

let database: Database;
let app: FastifyInstance;

useTestServer((server) => ({ database, app } = server));

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Columns whose name says they point to a person or hold what a person wrote or is reached at. */
const PERSONAL_COLUMNS = new Set([
  'account_id',
  'email',
  'phone',
  'document',
  'first_name',
  'surnames',
  'destination',
  'text',
  'body',
  'response_body',
  'payload',
]);

/**
 * Tables with such a column that hold no personal data, and why. Anything else with one must be in the
 * registry (registerPersonalData, next to its schema), or account deletion would leave it behind.
 */
const NOT_PERSONAL: Record<string, string> = {
  // Payloads carry ids and small values only (JobPayload, decision 014); a job whose subject was erased
  // finds nothing to work on and ends.
  jobs: 'payload holds ids, never personal data',
};

describe('personal data', () => {
  it('is registered for erasure in every table that may hold it', () => {
    const registered = new Set(personalDataTables().map((entry) => getTableName(entry.table)));
    const unaccounted = tables
      .map((table) => getTableConfig(table))
      .filter((config) => config.columns.some((column) => PERSONAL_COLUMNS.has(column.name)))
      .map((config) => config.name)
      .filter((name) => !registered.has(name) && !(name in NOT_PERSONAL));
    expect(unaccounted, 'tables with personal columns that account deletion does not erase').toEqual([]);
    // The allow-list names tables that exist and are not registered after all.
    for (const name of Object.keys(NOT_PERSONAL)) {
      expect(tables.map((table) => getTableName(table))).toContain(name);
      expect(registered.has(name), `${name} is both registered and listed as not personal`).toBe(false);
    }
  });

  it('is gone from every table once the account is deleted', async () => {
    const unique = randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 8);
    const person = newPerson({ surnames: `Borrado ${unique}` });
    const { agent, accountId } = await registerAccount(app, 901, person);
    // A pending e-mail change (its code and message) and a stored idempotent answer.
    const changed = await agent.patch(
      '/me',
      { firstName: person.firstName, surnames: person.surnames, email: `otra.${person.email}`, phone: person.phone },
      { idempotencyKey: randomUUID() },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    // A boat with its contract and insurance certificate.
    const { boatId } = await requestNewBoat(agent);
    expect((await agent.put(`/boats/${boatId}/insurance-certificate`, pdfBytes(), 'application/pdf')).statusCode).toBe(
      200,
    );
    // A confirmed launch (its boat made eligible by hand), with notes that name the person.
    await database.db.update(schema.contracts).set({ status: 'active' }).where(eq(schema.contracts.boatId, boatId));
    await database.db
      .update(schema.accounts)
      .set({ dataValidatedAt: new Date() })
      .where(eq(schema.accounts.id, accountId));
    const launch = await agent.post(
      '/launches',
      launchBody(901, boatId, dayFromToday(901, 2), '10:00', { notes: `Salgo con ${person.surnames}` }),
    );
    expect(launch.statusCode, launch.body).toBe(201);
    const slotStart = new Date(launch.json().slotStart);
    // The card at the gate (made on its first read).
    expect((await agent.get('/card')).statusCode).toBe(200);
    expect(await database.db.select().from(schema.cards).where(eq(schema.cards.accountId, accountId))).toHaveLength(1);
    // A browser taking pushes, a channel chosen, and a push still waiting to leave (decisions 060, 061).
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription = {
      endpoint: `https://fcm.googleapis.com/fcm/send/${unique}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    expect((await agent.post('/push/subscriptions', subscription)).statusCode).toBe(204);
    const chosen = Buffer.from(JSON.stringify({ kind: 'boat_back', channel: 'push' }));
    expect((await agent.put('/notification-preferences', chosen, 'application/json')).statusCode).toBe(200);
    const push = {
      title: 'Barco de vuelta',
      body: 'De vuelta.',
      url: '/pedidosbajadas',
      tag: 't',
      kind: 'boat_back',
    } as const;
    expect(
      (await pushNotice(database.db, { clientId: 901, accountId }, push, { urgent: false, now: new Date() })).pushed,
    ).toBe(1);
    expect(
      await database.db.select().from(schema.pushMessages).where(eq(schema.pushMessages.accountId, accountId)),
    ).toHaveLength(1);

    expect((await agent.delete('/me', { password: STRONG_PASSWORD, confirm: true })).statusCode).toBe(204);

    const traces = [person.email, person.phone, person.document, person.surnames];
    for (const table of tables) {
      const rows = JSON.stringify(await database.db.select().from(table));
      for (const trace of traces)
        expect(rows.includes(trace), `${getTableName(table)} still holds ${trace}`).toBe(false);
    }
    for (const entry of personalDataTables()) {
      if (!('accountColumn' in entry) || entry.erase !== 'delete') continue;
      expect(
        await database.db.select().from(entry.table).where(eq(entry.accountColumn, accountId)),
        getTableName(entry.table),
      ).toEqual([]);
    }
    expect(await database.db.select().from(schema.contracts).where(eq(schema.contracts.boatId, boatId))).toEqual([]);
    expect(await database.db.select().from(schema.cards).where(eq(schema.cards.accountId, accountId))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(schema.insuranceCertificates)
        .where(eq(schema.insuranceCertificates.boatId, boatId)),
    ).toEqual([]);
    // The place it held is free again.
    expect(await database.db.select().from(schema.launches).where(eq(schema.launches.boatId, boatId))).toEqual([]);
    const [slot] = await database.db.select().from(schema.launchSlots).where(eq(schema.launchSlots.start, slotStart));
    expect(slot!.held).toBe(0);
    expect(
      await database.db
        .select()
        .from(schema.idempotencyKeys)
        .where(eq(schema.idempotencyKeys.scope, schema.accountScope(accountId))),
    ).toEqual([]);
  });
});
