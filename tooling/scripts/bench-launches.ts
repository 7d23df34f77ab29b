// `pnpm bench:launches`: many customers with eligible boats ask, at the same time, for launches in the same
// few slots of one marina, through the real API over HTTP (sessions, CSRF, validation, the database's locks).
// Prints bookings per second, p50 and p99 latency, and the slots over capacity (must be 0), on PostgreSQL
// (a scratch database on the server at TEST_DATABASE_URL or DATABASE_URL) and on PGlite. Asserts nothing
// but capacity: the timings move with the machine's load (the README records a run).
//
//   pnpm bench:launches [--bookings 2000] [--concurrency 64] [--slots 5] [--pglite-only] [--postgres-only]
import { contractEndsOn } from '@marina/core/domain/boats.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { checkLetter } from '@marina/core/domain/identity-document.ts';
import { instantAt, PLACE_HOLDING_STATUSES } from '@marina/core/domain/launches.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from '@marina/api/config.ts';
import { openDatabase, type Database } from '@marina/api/db/database.ts';
import { openScratchDatabase } from '@marina/api/db/scratch-database.ts';
import { accounts, boats, contracts, launches, launchSlots } from '@marina/api/db/schema.ts';
import { startServer } from '@marina/api/server.ts';
import { createSession } from '@marina/api/sessions/session-store.ts';

const CLIENT_ID = 41;
const TIME_ZONE = 'Europe/Madrid';
const BOATS_PER_ACCOUNT = 4;

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const BOOKINGS = argument('bookings', 2000);
const CONCURRENCY = argument('concurrency', 64);
const SLOTS = argument('slots', 5);

interface Customer {
  cookie: string;
  xsrf: string;
  boatIds: string[];
}

/** Customers written straight into the database (hashing a password each would be the setup's whole time). */
async function seedCustomers(database: Database, count: number, now: Date): Promise<Array<{ accountId: string; boatIds: string[] }>> {
  const today = todayIn(TIME_ZONE, now);
  const made: Array<{ accountId: string; boatIds: string[] }> = [];
  const run = Date.now() % 100_000;
  for (let index = 0; index < count; index++) {
    const dni = 40_000_000 + run * 100 + index;
    const [account] = await database.db
      .insert(accounts)
      .values({
        clientId: CLIENT_ID,
        status: 'active',
        role: 'customer',
        firstName: 'Banco',
        surnames: `Pruebas ${index}`,
        email: `banco.${run}.${index}@correo.example`,
        phone: `+3479${String(run * 100 + index).padStart(7, '0')}`,
        document: `${dni}${checkLetter(dni)}`,
        dataValidatedAt: now,
        documentExpiresOn: addDays(today, 1000),
        emailVerifiedAt: now,
        privacyAcceptedAt: now,
        termsAcceptedAt: now,
        activatedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: accounts.id });
    const rows = await database.db
      .insert(boats)
      .values(
        Array.from({ length: BOATS_PER_ACCOUNT }, (_, boat) => ({
          clientId: CLIENT_ID,
          accountId: account!.id,
          name: `Banco ${index}-${boat}`,
          registration: `BN-${run}-${index}-${boat}`,
          lengthM: 6,
          beamM: 2.4,
          insurer: 'Mapfre',
          policyNumber: `BN-${index}-${boat}`,
          insuranceExpiresOn: addDays(today, 300),
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: boats.id });
    const startsOn = addDays(today, -10);
    await database.db
      .insert(contracts)
      .values(rows.map((row) => ({ clientId: CLIENT_ID, boatId: row.id, plan: 'annual' as const, status: 'active' as const, startsOn, endsOn: contractEndsOn('annual', startsOn), requestedAt: now, decidedAt: now })));
    made.push({ accountId: account!.id, boatIds: rows.map((row) => row.id) });
  }
  return made;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function bench(kind: 'postgresql' | 'pglite', database: Database): Promise<void> {
  const now = new Date();
  const server = await startServer({ database, port: 0, host: '127.0.0.1', env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' }, handleSignals: false });
  try {
    const seeded = await seedCustomers(database, Math.ceil(BOOKINGS / BOATS_PER_ACCOUNT), now);
    const customers: Customer[] = [];
    for (const { accountId, boatIds } of seeded) {
      const sid = await createSession(database.db, { clientId: CLIENT_ID, accountId, now });
      // The first call hands the XSRF token bound to the session, as the app's does.
      const response = await fetch(`${server.url}/api/v1/session`, { headers: { 'x-client-id': String(CLIENT_ID), cookie: `${SESSION_COOKIE}=${sid}` } });
      const xsrf = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))!.split(';')[0]!.slice(XSRF_COOKIE.length + 1);
      customers.push({ cookie: `${SESSION_COOKIE}=${sid}; ${XSRF_COOKIE}=${xsrf}`, xsrf, boatIds });
    }

    // The same few slots, three days ahead, from 10:00 local.
    const day = addDays(todayIn(TIME_ZONE, now), 3);
    const starts = Array.from({ length: SLOTS }, (_, index) => instantAt(day, '10:00', TIME_ZONE).getTime() + index * 30 * 60_000);
    const jobs = customers.flatMap((customer) => customer.boatIds.map((boatId) => ({ customer, boatId }))).slice(0, BOOKINGS);
    const latencies: number[] = [];
    const outcomes: Record<string, number> = {};
    let next = 0;
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < jobs.length) {
          const index = next++;
          const { customer, boatId } = jobs[index]!;
          const start = starts[index % starts.length]!;
          const body = {
            boatId,
            slotStart: new Date(start).toISOString(),
            expectedReturn: new Date(start + 2 * 3600_000).toISOString(),
            people: 2,
            // Half join the waiting list when the slot is full, half are refused: both paths are measured.
            waitlist: index % 2 === 0,
          };
          const sent = performance.now();
          const response = await fetch(`${server.url}/api/v1/launches`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-client-id': String(CLIENT_ID),
              origin: server.url,
              'x-xsrf-token': customer.xsrf,
              'idempotency-key': crypto.randomUUID(),
              cookie: customer.cookie,
            },
            body: JSON.stringify(body),
          });
          const answer = (await response.json()) as { status?: string; code?: string };
          latencies.push(performance.now() - sent);
          const key = `${response.status} ${response.ok ? answer.status : answer.code}`;
          outcomes[key] = (outcomes[key] ?? 0) + 1;
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;

    // Capacity, read back from the launches themselves and from the slots' counters.
    const stored = await database.db.select({ slotStart: launches.slotStart, status: launches.status }).from(launches);
    const counters = await database.db.select().from(launchSlots);
    let over = 0;
    let mismatched = 0;
    for (const start of starts) {
      const holding = stored.filter((row) => row.slotStart.getTime() === start && (PLACE_HOLDING_STATUSES as readonly string[]).includes(row.status)).length;
      const held = counters.find((row) => row.clientId === CLIENT_ID && row.start.getTime() === start)?.held ?? 0;
      if (holding > 4) over += 1;
      if (held !== holding) mismatched += 1;
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`\n${kind}: ${jobs.length} bookings from ${customers.length} accounts into ${SLOTS} slots of 4 places, ${CONCURRENCY} in flight`);
    console.log(`  bookings/s     ${(jobs.length / seconds).toFixed(0)}   (target ≥ 500)`);
    console.log(`  latency p50    ${percentile(sorted, 50).toFixed(1)} ms`);
    console.log(`  latency p99    ${percentile(sorted, 99).toFixed(1)} ms   (target ≤ 50)`);
    console.log(`  over capacity  ${over} slot(s)   (must be 0)`);
    console.log(`  counters off   ${mismatched} slot(s)   (must be 0)`);
    console.log(`  answers        ${Object.entries(outcomes).map(([key, value]) => `${key}: ${value}`).join(', ')}`);
    if (over > 0 || mismatched > 0) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

const maintenanceUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!process.argv.includes('--pglite-only')) {
  if (!maintenanceUrl) {
    console.error('PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL) to a server, e.g. postgres://marina:marina@127.0.0.1:5432/postgres');
    process.exitCode = 1;
  } else {
    const database = await openScratchDatabase(maintenanceUrl, 'marina_bench');
    try {
      await bench('postgresql', database);
    } finally {
      await database.close();
    }
  }
}
if (!process.argv.includes('--postgres-only')) {
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    await bench('pglite', database);
  } finally {
    await database.close();
  }
}
