// `pnpm bench:launches`: many customers with eligible boats ask, at the same time, for launches in the same
// few slots of one marina, through the real API over HTTP (sessions, CSRF, validation, idempotency keys, the
// database's locks). Prints bookings per second, p50 and p99 latency, and the slots over capacity (must be 0),
// on PostgreSQL (a scratch database on the server at TEST_DATABASE_URL or DATABASE_URL) and on PGlite. Asserts
// nothing but capacity: the timings move with the machine's load (the README records runs).
//
// How it measures (decision 027):
// - the API runs in a process of its own (this file with `--serve`), as it is deployed; this process only
//   sends requests, over keep-alive connections (one per request in flight), so neither steals the other's
//   event loop and the client's cost is small;
// - customers are written straight into the database and signed in with a session each (hashing a password
//   per person would be the setup's whole time); each then asks GET /session once for its XSRF token;
// - a warm-up of bookings into another day's slots (by other customers) runs first and is not counted: the
//   JIT, the connection pool and the database's caches are warm when the measure starts. It runs at the
//   measure's own load (with `--rate`, the same rate), so that the measure starts in the steady state rather
//   than in the wake of a burst at full speed;
// - request i is from customer i mod N (its boat i div N): the requests in flight come from different people,
//   as they would, rather than four from one account queueing behind its row lock.
//
// - `--profile <folder>` writes a CPU profile of the API process over the measured bookings only (no start-up,
//   seeding or warm-up), one `.cpuprofile` per database, to open in Chrome's DevTools.
//
//   pnpm bench:launches [--bookings 4000] [--concurrency 16 | --rate 500] [--slots 5] [--warmup 1000] [--profile <folder>] [--pglite-only] [--postgres-only]
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { contractEndsOn } from '@marina/core/domain/boats.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { checkLetter } from '@marina/core/domain/identity-document.ts';
import { instantAt, PLACE_HOLDING_STATUSES, SLOT_MS } from '@marina/core/domain/launches.ts';
import { SESSION_COOKIE, XSRF_COOKIE } from '@marina/api/config.ts';
import { openDatabase, type Database } from '@marina/api/db/database.ts';
import { openScratchDatabase } from '@marina/api/db/scratch-database.ts';
import { accounts } from '@marina/api/accounts/accounts.schema.ts';
import { boats, contracts } from '@marina/api/boats/boats.schema.ts';
import { launches, launchSlots } from '@marina/api/launches/launches.schema.ts';
import { activeAccountValues } from '@marina/api/db/seed.ts';
import { startServer } from '@marina/api/server.ts';
import { createSession } from '@marina/api/sessions/session-store.ts';

const CLIENT_ID = 41;
const TIME_ZONE = 'Europe/Madrid';
const BOATS_PER_ACCOUNT = 4;
const CAPACITY = 4;

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const BOOKINGS = argument('bookings', 4000);
const CONCURRENCY = argument('concurrency', 16);
/** Bookings sent a second, whatever the answers (0: CONCURRENCY in flight instead). */
const RATE = argument('rate', 0);
const SLOTS = argument('slots', 5);
const WARMUP = argument('warmup', 1000);
const PROFILE_FOLDER = process.argv.includes('--profile') ? process.argv[process.argv.indexOf('--profile') + 1]! : null;

/** The slots booked: `count` half-hours from 10:00 local, `daysAhead` days from today. */
function slotStarts(now: Date, daysAhead: number, count: number): number[] {
  const day = addDays(todayIn(TIME_ZONE, now), daysAhead);
  return Array.from({ length: count }, (_, index) => instantAt(day, '10:00', TIME_ZONE).getTime() + index * SLOT_MS);
}

// ---------------------------------------------------------------------------------------------------------
// The server process.

interface Seeded {
  sid: string;
  boatIds: string[];
}

type ToServer = { begin: true } | { check: number[] } | { stop: true };
type FromServer =
  | { url: string; customers: Seeded[] }
  | { begun: true }
  | { over: number; mismatched: number; apiCpuMs: number; databaseCpuMs: number | null; serverMs: number[] };

/**
 * CPU time (ms) used so far by the PostgreSQL server processes serving this database, found by their process
 * title (`postgres: … <user> <database> …`) when the server runs on this machine; null otherwise.
 */
function databaseCpuMs(database: Database): number | null {
  if (database.kind !== 'postgres') return null;
  const name = database.location.split('/').at(-1)!;
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let total = 0;
  let found = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${name} `)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
      found += 1;
    } catch {
      // The process ended meanwhile.
    }
  }
  return found > 0 ? total : null;
}

/** Customers written straight into the database, each with a session. */
async function seedCustomers(database: Database, count: number, now: Date): Promise<Seeded[]> {
  const today = todayIn(TIME_ZONE, now);
  const made: Seeded[] = [];
  const run = Date.now() % 100_000;
  for (let index = 0; index < count; index++) {
    const dni = 40_000_000 + run * 100 + index;
    const [account] = await database.db
      .insert(accounts)
      .values({
        ...activeAccountValues(
          CLIENT_ID,
          'customer',
          {
            firstName: 'Banco',
            surnames: `Pruebas ${index}`,
            email: `banco.${run}.${index}@correo.example`,
            phone: `+3479${String(run * 100 + index).padStart(7, '0')}`,
            document: `${dni}${checkLetter(dni)}`,
          },
          now,
        ),
        documentExpiresOn: addDays(today, 1000),
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
    await database.db.insert(contracts).values(
      rows.map((row) => ({
        clientId: CLIENT_ID,
        boatId: row.id,
        plan: 'annual' as const,
        status: 'active' as const,
        startsOn,
        endsOn: contractEndsOn('annual', startsOn),
        requestedAt: now,
        decidedAt: now,
      })),
    );
    made.push({
      sid: await createSession(database.db, { clientId: CLIENT_ID, accountId: account!.id, now }),
      boatIds: rows.map((row) => row.id),
    });
  }
  return made;
}

/** Slots over capacity, and slots whose counter is not the number of launches holding a place. */
async function checkCapacity(database: Database, starts: number[]): Promise<{ over: number; mismatched: number }> {
  const stored = await database.db.select({ slotStart: launches.slotStart, status: launches.status }).from(launches);
  const counters = await database.db.select().from(launchSlots);
  let over = 0;
  let mismatched = 0;
  for (const start of starts) {
    const holding = stored.filter(
      (row) => row.slotStart.getTime() === start && (PLACE_HOLDING_STATUSES as readonly string[]).includes(row.status),
    ).length;
    const held = counters.find((row) => row.clientId === CLIENT_ID && row.start.getTime() === start)?.held ?? 0;
    if (holding > CAPACITY) over += 1;
    if (held !== holding) mismatched += 1;
  }
  return { over, mismatched };
}

async function serve(target: string, customerCount: number): Promise<void> {
  const send = (message: FromServer) => process.send!(message);
  const scratch = target === 'pglite' ? undefined : await openScratchDatabase(target, 'marina_bench');
  const database = scratch ?? (await openDatabase({ dataDir: 'memory' }));
  const server = await startServer({
    database,
    port: 0,
    host: '127.0.0.1',
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    handleSignals: false,
  });
  const customers = await seedCustomers(database, customerCount, new Date());
  let began = { api: process.cpuUsage(), database: null as number | null };
  // Each measured booking's time inside the API: from the moment Node has read its request to the moment
  // the answer is handed to the socket (queueing in the event loop included, the network and the client not).
  let serverMs: number[] | null = null;
  server.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!serverMs || request.method !== 'POST') return;
    const arrived = performance.now();
    const times = serverMs;
    response.once('finish', () => times.push(performance.now() - arrived));
  });
  const profiler = PROFILE_FOLDER ? new Session() : null;
  process.on('message', (message: ToServer) => {
    void (async () => {
      if ('begin' in message) {
        if (profiler) {
          profiler.connect();
          await profiler.post('Profiler.enable');
          await profiler.post('Profiler.start');
        }
        began = { api: process.cpuUsage(), database: databaseCpuMs(database) };
        serverMs = [];
        send({ begun: true });
        return;
      }
      if ('check' in message) {
        const api = process.cpuUsage(began.api);
        if (profiler) {
          const { profile } = await profiler.post('Profiler.stop');
          mkdirSync(PROFILE_FOLDER!, { recursive: true });
          writeFileSync(
            join(PROFILE_FOLDER!, `api-${database.kind}-${Date.now()}.cpuprofile`),
            JSON.stringify(profile),
          );
          profiler.disconnect();
        }
        const databaseNow = databaseCpuMs(database);
        send({
          ...(await checkCapacity(database, message.check)),
          apiCpuMs: (api.user + api.system) / 1000,
          databaseCpuMs: databaseNow === null || began.database === null ? null : databaseNow - began.database,
          serverMs: serverMs ?? [],
        });
        serverMs = null;
        return;
      }
      await server.close();
      await database.close();
      process.disconnect();
    })();
  });
  send({ url: server.url, customers });
}

// ---------------------------------------------------------------------------------------------------------
// The load generator.

interface Customer {
  cookie: string;
  xsrf: string;
  boatIds: string[];
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

function call(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

function outcomeOf(answer: Answer): string {
  const parsed = JSON.parse(answer.body) as { status?: string; code?: string };
  return `${answer.status} ${answer.status < 300 ? parsed.status : parsed.code}`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function fromServer(child: ChildProcess): Promise<FromServer> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the API process ended (${code}) before answering`));
    child.once('exit', onExit);
    child.once('message', (message: FromServer) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

async function bench(kind: 'postgresql' | 'pglite', target: string): Promise<void> {
  const now = new Date();
  const perRound = Math.ceil(BOOKINGS / BOATS_PER_ACCOUNT);
  const warmupAccounts = Math.ceil(WARMUP / BOATS_PER_ACCOUNT);
  const child = fork(
    import.meta.filename,
    ['--serve', target, String(perRound + warmupAccounts), ...(PROFILE_FOLDER ? ['--profile', PROFILE_FOLDER] : [])],
    { stdio: 'inherit' },
  );
  // An open load keeps as many connections as requests are waiting, as that many customers would.
  const agent = new Agent({ keepAlive: true, maxSockets: RATE > 0 ? Infinity : CONCURRENCY });
  try {
    const ready = await fromServer(child);
    if (!('url' in ready)) throw new Error('unexpected answer from the API process');
    const { url } = ready;
    const customers: Customer[] = [];
    for (const { sid, boatIds } of ready.customers) {
      // The first call hands the XSRF token bound to the session, as the app's does.
      const answer = await call(agent, `${url}/api/v1/session`, 'GET', {
        'x-client-id': String(CLIENT_ID),
        cookie: `${SESSION_COOKIE}=${sid}`,
      });
      const xsrf = answer.setCookie
        .find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))!
        .split(';')[0]!
        .slice(XSRF_COOKIE.length + 1);
      customers.push({ cookie: `${SESSION_COOKIE}=${sid}; ${XSRF_COOKIE}=${xsrf}`, xsrf, boatIds });
    }

    /**
     * Request i: customer i mod N of `people`, its boat i div N, into slot i mod the slots. With `--rate`, one
     * request leaves every 1/rate s whatever the answers (an open load, as customers arrive), and a latency runs
     * from the moment a request was due, so a server falling behind shows in it; else CONCURRENCY requests are
     * in flight, each sent when one before it is answered.
     */
    async function burst(people: Customer[], count: number, starts: number[], rate: number) {
      const latencies: number[] = [];
      const outcomes: Record<string, number> = {};
      const began = performance.now();
      async function book(index: number, due: number) {
        const customer = people[index % people.length]!;
        const boatId = customer.boatIds[Math.floor(index / people.length)]!;
        const start = starts[index % starts.length]!;
        const body = JSON.stringify({
          boatId,
          slotStart: new Date(start).toISOString(),
          expectedReturn: new Date(start + 2 * 3600_000).toISOString(),
          people: 2,
          // Half join the waiting list when the slot is full, half are refused: both paths are measured.
          waitlist: index % 2 === 0,
        });
        const answer = await call(
          agent,
          `${url}/api/v1/launches`,
          'POST',
          {
            'content-type': 'application/json',
            'x-client-id': String(CLIENT_ID),
            origin: url,
            'x-xsrf-token': customer.xsrf,
            'idempotency-key': crypto.randomUUID(),
            cookie: customer.cookie,
          },
          body,
        ).catch((error: NodeJS.ErrnoException) => error);
        latencies.push(performance.now() - due);
        // A server far behind an open load (PGlite at hundreds a second) drops connections: counted, and shown.
        const key = answer instanceof Error ? `no answer (${answer.code ?? answer.message})` : outcomeOf(answer);
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }
      if (rate > 0) {
        const sent: Promise<void>[] = [];
        for (let index = 0; index < count; index++) {
          const due = began + (index * 1000) / rate;
          const wait = due - performance.now();
          if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
          sent.push(book(index, due));
        }
        await Promise.all(sent);
      } else {
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < count) await book(next++, performance.now());
          }),
        );
      }
      return { latencies, outcomes, seconds: (performance.now() - began) / 1000 };
    }

    const warmupStarts = slotStarts(now, 4, SLOTS);
    await burst(customers.slice(perRound), Math.min(WARMUP, warmupAccounts * BOATS_PER_ACCOUNT), warmupStarts, RATE);
    const starts = slotStarts(now, 3, SLOTS);
    const jobs = Math.min(BOOKINGS, perRound * BOATS_PER_ACCOUNT);
    child.send({ begin: true } satisfies ToServer);
    await fromServer(child);
    const loadCpu = process.cpuUsage();
    const { latencies, outcomes, seconds } = await burst(customers.slice(0, perRound), jobs, starts, RATE);
    const load = process.cpuUsage(loadCpu);

    child.send({ check: [...starts, ...warmupStarts] } satisfies ToServer);
    const checked = await fromServer(child);
    if (!('over' in checked)) throw new Error('unexpected answer from the API process');
    const { over, mismatched, apiCpuMs, databaseCpuMs: dbCpuMs, serverMs } = checked;
    const inServer = [...serverMs].sort((a, b) => a - b);
    const perBooking = (ms: number) => `${(ms / jobs).toFixed(2)} ms`;
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `\n${kind}: ${jobs} bookings from ${perRound} accounts into ${SLOTS} slots of ${CAPACITY} places, ${RATE > 0 ? `${RATE} sent a second` : `${CONCURRENCY} in flight`} (after ${WARMUP} not counted)`,
    );
    console.log(`  bookings/s     ${(jobs / seconds).toFixed(0)}   (target ≥ 500)`);
    console.log(`  latency p50    ${percentile(sorted, 50).toFixed(1)} ms`);
    console.log(`  latency p99    ${percentile(sorted, 99).toFixed(1)} ms   (target ≤ 50)`);
    console.log(
      `  in the API     p50 ${percentile(inServer, 50).toFixed(1)} ms, p99 ${percentile(inServer, 99).toFixed(1)} ms   (from the request read to the answer written)`,
    );
    console.log(`  over capacity  ${over} slot(s)   (must be 0)`);
    console.log(`  counters off   ${mismatched} slot(s)   (must be 0)`);
    console.log(
      `  CPU/booking    API ${perBooking(apiCpuMs)}, database ${dbCpuMs === null ? 'n/a' : perBooking(dbCpuMs)}, load generator ${perBooking((load.user + load.system) / 1000)}   (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
    );
    console.log(
      `  answers        ${Object.entries(outcomes)
        .map(([key, value]) => `${key}: ${value}`)
        .join(', ')}`,
    );
    if (over > 0 || mismatched > 0) process.exitCode = 1;
  } finally {
    agent.destroy();
    if (child.connected) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ stop: true } satisfies ToServer);
      await exited;
    }
  }
}

const serving = process.argv.indexOf('--serve');
if (serving > 0) {
  await serve(process.argv[serving + 1]!, Number(process.argv[serving + 2]));
} else {
  const maintenanceUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!process.argv.includes('--pglite-only')) {
    if (!maintenanceUrl) {
      console.error(
        'PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL) to a server, e.g. postgres://marina:marina@127.0.0.1:5432/postgres',
      );
      process.exitCode = 1;
    } else {
      await bench('postgresql', maintenanceUrl);
    }
  }
  if (!process.argv.includes('--postgres-only')) await bench('pglite', 'pglite');
}
