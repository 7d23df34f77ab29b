/**
 * The bench's floor (booking-floor.ts) on a PostgreSQL server: it books a slot to its capacity and no further,
 * however many ask at once, and puts the rest on the waiting list or refuses them as asked. PostgreSQL only
 * (`*.postgres.test.ts`, vitest.config.ts): the floor speaks to a server with postgres.js, as the API does.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@marina/api/config.ts';
import { accounts } from '@marina/api/accounts/accounts.schema.ts';
import { boats } from '@marina/api/boats/boats.schema.ts';
import { launches, launchSlots } from '@marina/api/launches/launches.schema.ts';
import { activeAccountValues, marinaSeeds, seedClients } from '@marina/api/db/seed.ts';
import { openScratchDatabase, type ScratchDatabase } from '@marina/api/db/scratch-database.ts';
import { startBookingFloor, type BookingFloor } from './booking-floor.ts';

const CLIENT_ID = 41;
const CAPACITY = 4;
const START = '2031-06-02T08:00:00.000Z';

function post(
  url: string,
  accountId: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, string> }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      `${url}/api/v1/launches`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'x-account-id': accountId,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(text);
  });
}

describe('the booking floor', () => {
  let database: ScratchDatabase;
  let floor: BookingFloor;
  let accountId: string;
  let boatIds: string[];

  beforeAll(async () => {
    database = await openScratchDatabase(process.env.TEST_DATABASE_URL!, 'marina_floor_test');
    await seedClients(database.db, await marinaSeeds(loadConfig({ NODE_ENV: 'test' }).marinasDir));
    const now = new Date();
    const [account] = await database.db
      .insert(accounts)
      .values(
        activeAccountValues(
          CLIENT_ID,
          'customer',
          {
            firstName: 'Suelo',
            surnames: 'Pruebas',
            email: 'suelo@correo.example',
            phone: '+34790000001',
            document: '40000001G',
          },
          now,
        ),
      )
      .returning({ id: accounts.id });
    accountId = account!.id;
    const rows = await database.db
      .insert(boats)
      .values(
        Array.from({ length: 16 }, (_, index) => ({
          clientId: CLIENT_ID,
          accountId,
          name: `Suelo ${index}`,
          registration: `SU-${index}`,
          lengthM: 6,
          beamM: 2.4,
          insurer: 'Mapfre',
          policyNumber: `SU-${index}`,
          insuranceExpiresOn: '2032-01-01',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: boats.id });
    boatIds = rows.map((row) => row.id);
    floor = await startBookingFloor({ databaseUrl: database.url, clientId: CLIENT_ID, capacity: CAPACITY });
  });
  afterAll(async () => {
    await floor?.close();
    await database?.close();
  });

  const booking = (boatId: string, waitlist: boolean) => ({
    boatId,
    slotStart: START,
    expectedReturn: '2031-06-02T10:00:00.000Z',
    people: 2,
    waitlist,
  });

  it('gives a slot its places and no more, however many ask at once', async () => {
    const answers = await Promise.all(
      boatIds.slice(0, 12).map((boatId) => post(floor.url, accountId, booking(boatId, false))),
    );
    expect(answers.filter((answer) => answer.status === 201 && answer.body.status === 'confirmed')).toHaveLength(
      CAPACITY,
    );
    expect(answers.filter((answer) => answer.status === 409 && answer.body.code === 'slot_full')).toHaveLength(
      12 - CAPACITY,
    );
    const [slot] = await database.db.select({ held: launchSlots.held }).from(launchSlots);
    expect(slot!.held).toBe(CAPACITY);
    expect(await database.db.select({ id: launches.id }).from(launches)).toHaveLength(CAPACITY);
  });

  it('puts those who ask for it on the waiting list of a full slot', async () => {
    const answers = await Promise.all(
      boatIds.slice(12).map((boatId) => post(floor.url, accountId, booking(boatId, true))),
    );
    expect(answers.map((answer) => `${answer.status} ${answer.body.status}`)).toEqual(Array(4).fill('201 waitlisted'));
    const [slot] = await database.db.select({ held: launchSlots.held }).from(launchSlots);
    expect(slot!.held).toBe(CAPACITY);
    const stored = await database.db.select({ status: launches.status }).from(launches);
    expect(stored.filter((row) => row.status === 'waitlisted')).toHaveLength(4);
  });
});
