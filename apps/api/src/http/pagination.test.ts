import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { launches } from '../launches/launches.schema.ts';
import { outings } from '../outings/outings.schema.ts';
import { createNotification } from '../notifications/notifications.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { registerAccount, testClock } from '../test/accounts.ts';
import type { Agent } from '../test/test-agent.ts';
import { eligibleOwner, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createTestServer } from '../test/test-server.ts';
import { cursorKind } from './pagination.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestServer(database, { clock: clock.now });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

/** Every page of a list, following `next`, with the ids of each page's items. */
async function allPages(
  agent: Agent,
  path: string,
  limit: number,
  itemsOf: (body: Record<string, unknown>) => { id: string }[],
) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor === null ? {} : { cursor }) });
    const response = await agent.get(`${path}?${query.toString()}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown> & { next: string | null };
    pages.push(itemsOf(body).map((item) => item.id));
    cursor = body.next;
    expect(pages.length).toBeLessThan(50);
  } while (cursor !== null);
  return pages;
}

const fieldsOf = (response: { json(): unknown }) =>
  (response.json() as { errors?: { field: string }[] }).errors?.map((error) => error.field);

describe('cursors', () => {
  const kind = cursorKind('things', ['instant', 'integer']);

  it('read back what they carry, and nothing else', () => {
    const at = new Date('2026-05-01T08:00:00.000Z');
    expect(kind.decode(kind.encode([at, 42]))).toEqual([at, 42]);
    for (const garbage of [
      'x',
      'not base64!',
      Buffer.from('[]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ]) {
      expect(() => kind.decode(garbage)).toThrow();
    }
    // Another list's cursor, or one with a value of the wrong kind, is refused too.
    expect(() => kind.decode(cursorKind('others', ['instant', 'integer']).encode([at, 1]))).toThrow();
    expect(() => kind.decode(Buffer.from(JSON.stringify(['things', 'yesterday', 1])).toString('base64url'))).toThrow();
    expect(() =>
      kind.decode(Buffer.from(JSON.stringify(['things', at.toISOString(), 1.5])).toString('base64url')),
    ).toThrow();
  });
});

describe('GET /notifications, paged', () => {
  let lucia: Awaited<ReturnType<typeof registerAccount>>;
  const written: string[] = [];

  beforeAll(async () => {
    lucia = await registerAccount(app, 901);
    // Same instant for several: the order of writing still decides.
    for (let index = 0; index < 11; index++) {
      if (index % 3 === 0) clock.advance(1000);
      await createNotification(
        database.db,
        {
          clientId: 901,
          accountId: lucia.accountId,
          type: 'launch_confirmed',
          title: `Aviso ${index}`,
          body: 'Texto',
          link: null,
        },
        clock.now(),
      );
    }
    const rows = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.accountId, lucia.accountId), eq(notifications.type, 'launch_confirmed')))
      .orderBy(asc(notifications.seq));
    written.push(...rows.map((row) => row.id));
  });

  it('pages through all of them once each, newest first', async () => {
    const pages = await allPages(lucia.agent, '/notifications', 4, (body) => body.items as { id: string }[]);
    expect(pages.map((page) => page.length)).toEqual([4, 4, 4]);
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(12);
    // The eleven written, newest first, then the welcome one written at registration.
    expect(ids.slice(0, 11)).toEqual([...written].reverse());
    const whole = (await lucia.agent.get('/notifications')).json();
    expect(whole.items.map((item: { id: string }) => item.id)).toEqual(ids);
    expect(whole.next).toBeNull();
    expect(whole.unread).toBe(12);
  });

  it('refuses a bad cursor naming `cursor`, and a limit out of 1–100 naming `limit`', async () => {
    for (const cursor of ['garbage', '%00', 'eyJ4Ijox', 'a'.repeat(500)]) {
      const response = await lucia.agent.get(`/notifications?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(fieldsOf(response)).toEqual(['cursor']);
    }
    for (const limit of ['0', '101', '-1', 'diez', '2.5']) {
      const response = await lucia.agent.get(`/notifications?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(fieldsOf(response)).toEqual(['limit']);
    }
    expect((await lucia.agent.get('/notifications?limit=100')).statusCode).toBe(200);
    expect((await lucia.agent.get('/notifications?limit=1')).json().next).toEqual(expect.any(String));
  });

  it("does not page into another account's, whatever cursor it is given", async () => {
    const first = (await lucia.agent.get('/notifications?limit=2')).json();
    const stranger = await registerAccount(app, 901);
    const theirs = (await stranger.agent.get(`/notifications?cursor=${first.next}`)).json();
    expect(theirs.items.every((item: { id: string }) => !written.includes(item.id))).toBe(true);
    // A launches cursor is not a notifications one.
    const launchCursor = cursorKind('launches', ['instant', 'integer']).encode([new Date(), 1]);
    expect((await lucia.agent.get(`/notifications?cursor=${launchCursor}`)).statusCode).toBe(400);
  });
});

describe('GET /launches, paged', () => {
  let owner: Owner;
  let other: Owner;
  const pastIds: string[] = [];

  beforeAll(async () => {
    owner = await eligibleOwner(app, database.db, 901, { now: new Date(clock.now()) });
    other = await eligibleOwner(app, database.db, 901, { now: new Date(clock.now()) });
    const base = clock.now().getTime() - 30 * 86_400_000;
    const rows = Array.from({ length: 9 }, (_, index) => {
      // Two by two on the same slot: the order of asking breaks the tie.
      const slotStart = new Date(base + Math.floor(index / 2) * 86_400_000);
      return {
        clientId: 901,
        accountId: owner.accountId,
        boatId: owner.boatIds[0]!,
        status: index % 2 === 0 ? ('completed' as const) : ('cancelled' as const),
        slotStart,
        expectedReturn: new Date(slotStart.getTime() + 3_600_000),
        people: 2,
      };
    });
    for (const row of rows) {
      const [inserted] = await database.db.insert(launches).values(row).returning({ id: launches.id });
      pastIds.push(inserted!.id);
    }
    const future = new Date(clock.now().getTime() + 3 * 86_400_000);
    await database.db.insert(launches).values({
      clientId: 901,
      accountId: owner.accountId,
      boatId: owner.boatIds[0]!,
      status: 'confirmed',
      slotStart: future,
      expectedReturn: new Date(future.getTime() + 3_600_000),
      people: 2,
    });
    await database.db.insert(launches).values({ ...rows[0]!, accountId: other.accountId, boatId: other.boatIds[0]! });
  });

  it('pages through the past ones once each, latest first; the upcoming ones come on the first page only', async () => {
    const responses: { upcoming: unknown[]; past: { id: string }[] }[] = [];
    const pages = await allPages(owner.agent, '/launches', 4, (body) => {
      responses.push(body as never);
      return body.past as { id: string }[];
    });
    expect(pages.map((page) => page.length)).toEqual([4, 4, 1]);
    expect(pages.flat()).toEqual([...pastIds].reverse());
    expect(responses.map((body) => body.upcoming.length)).toEqual([1, 0, 0]);
    const whole = (await owner.agent.get('/launches')).json();
    expect(whole.past.map((launch: { id: string }) => launch.id)).toEqual(pages.flat());
    expect(whole.next).toBeNull();
  });

  it('refuses a bad cursor or limit, and stays within the account', async () => {
    const bad = await owner.agent.get('/launches?cursor=garbage');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['cursor']);
    expect(fieldsOf(await owner.agent.get('/launches?limit=101'))).toEqual(['limit']);
    expect(fieldsOf(await owner.agent.get('/launches?limit=0'))).toEqual(['limit']);
    const first = (await owner.agent.get('/launches?limit=1')).json();
    const theirs = (await other.agent.get(`/launches?cursor=${first.next}`)).json();
    expect(theirs.past.every((launch: { id: string }) => !pastIds.includes(launch.id))).toBe(true);
    expect(theirs.past).toHaveLength(1);
  });
});

describe("staff's lists, paged", () => {
  let staff901: Agent;
  let staff903: Agent;

  beforeAll(async () => {
    for (let index = 0; index < 5; index++)
      await eligibleOwner(app, database.db, 901, { boatCount: 2, now: new Date(clock.now()) });
    await eligibleOwner(app, database.db, 903, { now: new Date(clock.now()) });
    staff901 = await signInStaff(app, 901);
    staff903 = await signInStaff(app, 903);
  });

  it.each([
    ['/staff/customers', 'customers'],
    ['/staff/boats', 'boats'],
    ['/staff/contracts', 'contracts'],
  ])(
    '%s: every item once, in the order of the whole list; bad cursors and limits refused; no way into another marina',
    async (path, key) => {
      const whole = (await staff901.get(`${path}?limit=100`)).json();
      expect(whole.next).toBeNull();
      const all = (whole[key] as { id: string }[]).map((item) => item.id);
      expect(all.length).toBeGreaterThanOrEqual(10);
      const pages = await allPages(staff901, path, 3, (body) => body[key] as { id: string }[]);
      expect(pages.flat()).toEqual(all);
      expect(pages.slice(0, -1).every((page) => page.length === 3)).toBe(true);

      expect(fieldsOf(await staff901.get(`${path}?cursor=nonsense`))).toEqual(['cursor']);
      expect(fieldsOf(await staff901.get(`${path}?limit=0`))).toEqual(['limit']);
      expect(fieldsOf(await staff901.get(`${path}?limit=101`))).toEqual(['limit']);
      const cursor = (await staff901.get(`${path}?limit=1`)).json().next as string;
      const there = (await staff903.get(`${path}?cursor=${cursor}`)).json();
      expect((there[key] as { id: string }[]).some((item) => all.includes(item.id))).toBe(false);
    },
  );

  it('keeps the contracts filter across pages', async () => {
    const active = (await staff901.get('/staff/contracts?status=active&limit=100')).json().contracts as {
      id: string;
      status: string;
    }[];
    expect(active.length).toBeGreaterThan(2);
    expect(active.every((item) => item.status === 'active')).toBe(true);
    const first = (await staff901.get('/staff/contracts?status=active&limit=2')).json();
    const second = (await staff901.get(`/staff/contracts?status=active&limit=100&cursor=${first.next}`)).json();
    expect([...first.contracts, ...second.contracts].map((item: { id: string }) => item.id)).toEqual(
      active.map((item) => item.id),
    );
  });
});

describe('GET /outings, paged', () => {
  let owner: Owner;
  let other: Owner;
  const historyIds: string[] = [];

  beforeAll(async () => {
    owner = await eligibleOwner(app, database.db, 901, { boatCount: 2, now: new Date(clock.now()) });
    other = await eligibleOwner(app, database.db, 901, { now: new Date(clock.now()) });
    const base = clock.now().getTime() - 20 * 86_400_000;
    const outing = (accountId: string, boatId: string, departure: Date, state: 'returned' | 'at_sea') => ({
      clientId: 901,
      boatId,
      accountId,
      skipperKind: 'owner' as const,
      skipperFirstName: 'Ana',
      skipperSurnames: 'Mar',
      state,
      departure,
      expectedReturn: new Date(departure.getTime() + 3_600_000),
      returnedAt: state === 'returned' ? new Date(departure.getTime() + 3_000_000) : null,
      returnedBy: state === 'returned' ? ('customer' as const) : null,
      people: 2,
      destination: 'Cala',
      contactPhone: '+34600000000',
    });
    // Two by two on the same departure: the id breaks the tie.
    for (let index = 0; index < 7; index++) {
      await database.db
        .insert(outings)
        .values(
          outing(owner.accountId, owner.boatIds[0]!, new Date(base + Math.floor(index / 2) * 86_400_000), 'returned'),
        );
    }
    await database.db
      .insert(outings)
      .values(outing(owner.accountId, owner.boatIds[1]!, new Date(clock.now().getTime() - 3_600_000), 'at_sea'));
    await database.db.insert(outings).values(outing(other.accountId, other.boatIds[0]!, new Date(base), 'returned'));
    const whole = (await owner.agent.get('/outings?limit=100')).json();
    historyIds.push(...whole.history.map((item: { id: string }) => item.id));
  });

  it('pages through the history once each, latest first; those at sea come on the first page only', async () => {
    expect(historyIds).toHaveLength(7);
    const atSea: number[] = [];
    const pages = await allPages(owner.agent, '/outings', 3, (body) => {
      atSea.push((body.atSea as unknown[]).length);
      return body.history as { id: string }[];
    });
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(historyIds);
    expect(atSea).toEqual([1, 0, 0]);
  });

  it('refuses a bad cursor or limit, keeps the boat filter, and stays within the account', async () => {
    expect(fieldsOf(await owner.agent.get('/outings?cursor=garbage'))).toEqual(['cursor']);
    expect(fieldsOf(await owner.agent.get('/outings?limit=101'))).toEqual(['limit']);
    const oneBoat = (await owner.agent.get(`/outings?boatId=${owner.boatIds[1]}&limit=1`)).json();
    expect(oneBoat).toMatchObject({ history: [], next: null });
    expect(oneBoat.atSea).toHaveLength(1);
    const first = (await owner.agent.get('/outings?limit=1')).json();
    const theirs = (await other.agent.get(`/outings?cursor=${first.next}`)).json();
    expect(theirs.history.every((item: { id: string }) => !historyIds.includes(item.id))).toBe(true);
  });
});
