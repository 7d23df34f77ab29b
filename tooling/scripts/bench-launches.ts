// `pnpm bench:launches`: many customers with eligible boats ask, at the same time, for launches in the same
// few slots of one marina, through the real API over HTTP (sessions, CSRF, validation, idempotency keys, the
// database's locks), and, in the same run on the same PostgreSQL server, through the floor: a bare HTTP server
// doing only the booking's essential transaction (lib/booking-floor.ts, decision 064). Prints, for both, the
// bookings per second at the most (`--concurrency` in flight) and the latencies of an open load at 80 % of the
// floor's most, with the ratios; and the slots over capacity (must be 0). Asserts nothing but capacity: the
// figures move with the machine's load, the ratios much less (docs/benchmarks.md records runs).
//
// How it measures (decisions 027 and 064):
// - each server runs in a process of its own (this file with `--serve` or `--serve-floor`) on a scratch
//   database of its own, migrated and seeded alike; this process only sends requests, over keep-alive
//   connections (one per request in flight), so neither steals the other's event loop;
// - floor and API take turns (floor, API, floor, API: `--rounds`, 2 by default) at each load, so that a change
//   of the machine's load during the run falls on both;
// - customers are written straight into the database and signed in with a session each (hashing a password
//   per person would be the setup's whole time); each then asks the API's GET /session once for its XSRF token;
//   every burst has customers and a day of slots of its own (a boat has one open launch at most);
// - a warm-up at the burst's own load runs before each burst and is not counted (the whole `--warmup` before a
//   server's first, a quarter before the others): the JIT, the pool and the caches are warm and the load steady;
// - request i is from customer i mod N (its boat i div N): the requests in flight come from different people,
//   as they would, rather than four from one account queueing behind its row lock.
//
// - `--rate <n>` offers n a second as the open load instead of 80 % of the floor's most;
// - `--profile <folder>` writes a CPU profile of the API process over each measured burst only (no start-up,
//   seeding or warm-up), one `.cpuprofile` per burst, to open in Chrome's DevTools;
// - PGlite (`--pglite-only`, or after PostgreSQL unless `--postgres-only`) runs the API alone: the floor is a
//   PostgreSQL server's.
//
//   pnpm bench:launches [--bookings 4000] [--concurrency 16] [--rate <n>] [--rounds 2] [--slots 5] [--warmup 1000] [--profile <folder>] [--pglite-only] [--postgres-only]
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { Agent, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { contractEndsOn } from '@marina/core/domain/boats.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { checkLetter } from '@marina/core/domain/identity-document.ts';
import { instantAt, PLACE_HOLDING_STATUSES, SLOT_MS } from '@marina/core/domain/launches.ts';
import { loadConfig, SESSION_COOKIE, XSRF_COOKIE } from '@marina/api/config.ts';
import { connectionOf, openDatabase, type Database } from '@marina/api/db/database.ts';
import { openScratchDatabase } from '@marina/api/db/scratch-database.ts';
import { accounts } from '@marina/api/accounts/accounts.schema.ts';
import { boats, contracts } from '@marina/api/boats/boats.schema.ts';
import { launches, launchSlots } from '@marina/api/launches/launches.schema.ts';
import { activeAccountValues, marinaSeeds, seedClients } from '@marina/api/db/seed.ts';
import { startServer } from '@marina/api/server.ts';
import { newSessionId, xsrfTokenFor } from '@marina/api/sessions/session-cookies.ts';
import { createSession } from '@marina/api/sessions/session-store.ts';
import postgres from 'postgres';
import { startBookingFloor } from './lib/booking-floor.ts';

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
/** Bursts of each server at each load, in turns with the other's (PostgreSQL). */
const ROUNDS = argument('rounds', 2);
const PROFILE_FOLDER = process.argv.includes('--profile') ? process.argv[process.argv.indexOf('--profile') + 1]! : null;

/** The slots booked: `count` half-hours from 10:00 local, `daysAhead` days from today. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function slotStarts(now: Date, daysAhead: number, count: number): number[] {
  const day = addDays(todayIn(TIME_ZONE, now), daysAhead);
  return Array.from({ length: count }, (_, index) => instantAt(day, '10:00', TIME_ZONE).getTime() + index * SLOT_MS);
}

// ---------------------------------------------------------------------------------------------------------
// The server process.

interface Seeded {
  accountId: string;
  sid: string;
  boatIds: string[];
}

/** The server measured: the API, or the floor (lib/booking-floor.ts). */
type Side = 'api' | 'floor';

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

/**
 * Customers written straight into the database, a hundred at a time, each with a session when `sessions` (the
 * floor reads none: its customers get a made-up id of the same length, so that its requests weigh the same).
 */
async function seedCustomers(database: Database, count: number, now: Date, sessions: boolean): Promise<Seeded[]> {
  const today = todayIn(TIME_ZONE, now);
  const made: Seeded[] = [];
  const run = Date.now() % 100_000;
  for (let first = 0; first < count; first += 100) {
    const indexes = Array.from({ length: Math.min(100, count - first) }, (_, offset) => first + offset);
    const people = await database.db
      .insert(accounts)
      .values(
        indexes.map((index) => {
          const dni = 40_000_000 + run * 100 + index;
          return {
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
          };
        }),
      )
      .returning({ id: accounts.id, email: accounts.email });
    const idOf = new Map(people.map((row) => [row.email, row.id]));
    const accountIds = indexes.map((index) => idOf.get(`banco.${run}.${index}@correo.example`)!);
    const rows = await database.db
      .insert(boats)
      .values(
        indexes.flatMap((index, at) =>
          Array.from({ length: BOATS_PER_ACCOUNT }, (_, boat) => ({
            clientId: CLIENT_ID,
            accountId: accountIds[at]!,
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
        ),
      )
      .returning({ id: boats.id, accountId: boats.accountId, name: boats.name });
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
    // The chunk's sessions at once: the pool's connections take them in turns.
    const sids = await Promise.all(
      accountIds.map((accountId) =>
        sessions ? createSession(database.db, { clientId: CLIENT_ID, accountId, now }) : newSessionId(),
      ),
    );
    accountIds.forEach((accountId, at) => {
      const own = rows.filter((row) => row.accountId === accountId).sort((a, b) => a.name.localeCompare(b.name));
      made.push({ accountId, sid: sids[at]!, boatIds: own.map((row) => row.id) });
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

/**
 * The process that answers the bookings: the API (`--serve`), as deployed, or the floor (`--serve-floor`,
 * PostgreSQL only: lib/booking-floor.ts on a scratch database of its own, migrated and seeded alike).
 */
async function serve(side: Side, target: string, customerCount: number): Promise<void> {
  const send = (message: FromServer) => process.send!(message);
  const scratch =
    target === 'pglite'
      ? undefined
      : await openScratchDatabase(target, side === 'floor' ? 'marina_floor' : 'marina_bench');
  const database = scratch ?? (await openDatabase({ dataDir: 'memory' }));
  let server: { url: string; http: Server; close(): Promise<void> } | undefined;
  let customers: Awaited<ReturnType<typeof seedCustomers>>;
  try {
    if (side === 'floor') {
      if (!scratch) throw new Error('the floor runs on PostgreSQL only');
      // The live screens' notices are the API's work (decision 062), not a booking's essential transaction.
      const { url: ownerUrl, path } = connectionOf(scratch.url);
      const owner = postgres(ownerUrl, { ...(path ? { path } : {}), max: 1, onnotice: () => {} });
      try {
        await owner`drop trigger launches_live on launches`;
        await owner`drop trigger launches_live_update on launches`;
      } finally {
        await owner.end();
      }
      // The marinas, as the API writes them when it starts.
      await seedClients(database.db, await marinaSeeds(loadConfig({ NODE_ENV: 'test' }).marinasDir));
      const floor = await startBookingFloor({ databaseUrl: scratch.url, clientId: CLIENT_ID, capacity: CAPACITY });
      server = { url: floor.url, http: floor.server, close: floor.close };
    } else {
      const api = await startServer({
        database,
        port: 0,
        host: '127.0.0.1',
        env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
        handleSignals: false,
      });
      server = { url: api.url, http: api.app.server, close: api.close };
    }
    customers = await seedCustomers(database, customerCount, new Date(), side === 'api');
  } catch (error) {
    // A setup that failed leaves no scratch database behind (its close drops it).
    await server?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
  const running = server;
  let began = { api: process.cpuUsage(), database: null as number | null };
  // Each measured booking's time inside the server: from the moment Node has read its request to the moment
  // the answer is handed to the socket (queueing in the event loop included, the network and the client not).
  let serverMs: number[] | null = null;
  running.http.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!serverMs || request.method !== 'POST') return;
    const arrived = performance.now();
    const times = serverMs;
    response.once('finish', () => times.push(performance.now() - arrived));
  });
  const profiler = PROFILE_FOLDER && side === 'api' ? new Session() : null;
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
      await running.close();
      await database.close();
      process.disconnect();
    })();
  });
  send({ url: running.url, customers });
}

// ---------------------------------------------------------------------------------------------------------
// The load generator.

interface Customer {
  accountId: string;
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

function fromServer(child: ChildProcess): Promise<FromServer> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the server process ended (${code}) before answering`));
    child.once('exit', onExit);
    child.once('message', (message: FromServer) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

/** A server process under load: its customers are used once each, a burst's worth at a time. */
interface Bench {
  side: Side;
  child: ChildProcess;
  url: string;
  customers: Customer[];
  used: number;
}

/** Starts a server process with `accounts` customers, each with its XSRF token (the API's, from GET /session). */
async function startBench(side: Side, target: string, accounts: number): Promise<Bench> {
  const child = fork(
    import.meta.filename,
    [
      side === 'floor' ? '--serve-floor' : '--serve',
      target,
      String(accounts),
      ...(PROFILE_FOLDER ? ['--profile', PROFILE_FOLDER] : []),
    ],
    { stdio: 'inherit' },
  );
  const ready = await fromServer(child);
  if (!('url' in ready)) throw new Error('unexpected answer from the server process');
  const { url } = ready;
  const customers: Customer[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  try {
    const tokens = await inTurns(ready.customers, 8, async ({ sid }) => {
      if (side === 'floor') return xsrfTokenFor('floor', sid);
      // The first call hands the XSRF token bound to the session, as the app's does.
      const answer = await call(agent, `${url}/api/v1/session`, 'GET', {
        'x-client-id': String(CLIENT_ID),
        cookie: `${SESSION_COOKIE}=${sid}`,
      });
      return answer.setCookie
        .find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))!
        .split(';')[0]!
        .slice(XSRF_COOKIE.length + 1);
    });
    ready.customers.forEach(({ accountId, sid, boatIds }, at) => {
      const xsrf = tokens[at]!;
      customers.push({ accountId, cookie: `${SESSION_COOKIE}=${sid}; ${XSRF_COOKIE}=${xsrf}`, xsrf, boatIds });
    });
  } catch (error) {
    // The server process is up: stopped the usual way, so it drops its scratch database.
    await stopBench({ side, child, url, customers, used: 0 });
    throw error;
  } finally {
    agent.destroy();
  }
  return { side, child, url, customers, used: 0 };
}

/** `work` on each item, `width` at a time; the answers in the items' order. */
async function inTurns<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const at = next++;
        answers[at] = await work(items[at]!);
      }
    }),
  );
  return answers;
}

async function stopBench(bench: Bench): Promise<void> {
  if (!bench.child.connected) return;
  const exited = new Promise((resolve) => bench.child.once('exit', resolve));
  bench.child.send({ stop: true } satisfies ToServer);
  await exited;
}

/** The next `bookings / BOATS_PER_ACCOUNT` customers no burst has used. */
function takeCustomers(bench: Bench, bookings: number): Customer[] {
  const count = Math.ceil(bookings / BOATS_PER_ACCOUNT);
  if (bench.used + count > bench.customers.length) throw new Error('not enough customers seeded');
  bench.used += count;
  return bench.customers.slice(bench.used - count, bench.used);
}

/**
 * Request i: customer i mod N of `people`, its boat i div N, into slot i mod the slots. With a rate, one
 * request leaves every 1/rate s whatever the answers (an open load, as customers arrive), and a latency runs
 * from the moment a request was due, so a server falling behind shows in it; else `concurrency` requests are
 * in flight, each sent when one before it is answered. Both servers get the same requests, headers included.
 */
async function burst(bench: Bench, agent: Agent, load: Load, people: Customer[], count: number, starts: number[]) {
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
      `${bench.url}/api/v1/launches`,
      'POST',
      {
        'content-type': 'application/json',
        'x-client-id': String(CLIENT_ID),
        origin: bench.url,
        'x-xsrf-token': customer.xsrf,
        'idempotency-key': crypto.randomUUID(),
        cookie: customer.cookie,
        // The floor's only way to know who books (it reads no session); the API ignores it.
        'x-account-id': customer.accountId,
      },
      body,
    ).catch((error: NodeJS.ErrnoException) => error);
    latencies.push(performance.now() - due);
    // A server far behind an open load (PGlite at hundreds a second) drops connections: counted, and shown.
    const key = answer instanceof Error ? `no answer (${answer.code ?? answer.message})` : outcomeOf(answer);
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  if (load.rate > 0) {
    const sent: Promise<void>[] = [];
    for (let index = 0; index < count; index++) {
      const due = began + (index * 1000) / load.rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      sent.push(book(index, due));
    }
    await Promise.all(sent);
  } else {
    let next = 0;
    await Promise.all(
      Array.from({ length: load.concurrency }, async () => {
        while (next < count) await book(next++, performance.now());
      }),
    );
  }
  return { latencies, outcomes, seconds: (performance.now() - began) / 1000 };
}

/** Closed (`concurrency` in flight) or open (`rate` a second) load. */
interface Load {
  concurrency: number;
  rate: number;
}

interface Measure {
  side: Side;
  bookings: number;
  seconds: number;
  latencies: number[];
  inServer: number[];
  serverCpuMs: number;
  databaseCpuMs: number | null;
  loadCpuMs: number;
  over: number;
  mismatched: number;
  outcomes: Record<string, number>;
  loadAverage: number;
}

/**
 * One measured burst on a server, after a warm-up at the same load that is not counted (so the measure starts
 * in the steady state, warm JIT, pool and caches). Each burst books a day of its own, with customers of its own.
 */
async function measure(
  bench: Bench,
  load: Load,
  round: number,
  warmup: number,
  days: { measure: number; warmup: number },
) {
  const now = new Date();
  // An open load keeps as many connections as requests are waiting, as that many customers would.
  const agent = new Agent({ keepAlive: true, maxSockets: load.rate > 0 ? Infinity : load.concurrency });
  try {
    const warmupStarts = slotStarts(now, days.warmup, SLOTS);
    if (warmup > 0) await burst(bench, agent, load, takeCustomers(bench, warmup), warmup, warmupStarts);
    const starts = slotStarts(now, days.measure, SLOTS);
    const people = takeCustomers(bench, BOOKINGS);
    bench.child.send({ begin: true } satisfies ToServer);
    await fromServer(bench.child);
    const loadCpu = process.cpuUsage();
    const { latencies, outcomes, seconds } = await burst(bench, agent, load, people, BOOKINGS, starts);
    const spent = process.cpuUsage(loadCpu);
    bench.child.send({ check: [...starts, ...warmupStarts] } satisfies ToServer);
    const checked = await fromServer(bench.child);
    if (!('over' in checked)) throw new Error('unexpected answer from the server process');
    const result: Measure = {
      side: bench.side,
      bookings: BOOKINGS,
      seconds,
      latencies,
      inServer: checked.serverMs,
      serverCpuMs: checked.apiCpuMs,
      databaseCpuMs: checked.databaseCpuMs,
      loadCpuMs: (spent.user + spent.system) / 1000,
      over: checked.over,
      mismatched: checked.mismatched,
      outcomes,
      loadAverage: loadavg()[0]!,
    };
    const sorted = [...latencies].sort((a, b) => a - b);
    const perBooking = (ms: number | null) => (ms === null ? 'n/a' : (ms / BOOKINGS).toFixed(2));
    console.log(
      `  ${NAMES[bench.side].padEnd(8)} round ${round}: ${(BOOKINGS / seconds).toFixed(0).padStart(5)}/s, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms; CPU/booking server ${perBooking(result.serverCpuMs)} / database ${perBooking(result.databaseCpuMs)} / load ${perBooking(result.loadCpuMs)} ms; over capacity ${result.over}, counters off ${result.mismatched}; load average ${result.loadAverage.toFixed(1)}; ${Object.entries(
        outcomes,
      )
        .map(([key, value]) => `${key}: ${value}`)
        .join(', ')}`,
    );
    if (result.over > 0 || result.mismatched > 0) process.exitCode = 1;
    return result;
  } finally {
    agent.destroy();
  }
}

const NAMES: Record<Side, string> = { api: 'project', floor: 'floor' };

/** The measures of one side and load taken together: bookings/s over all of them, latencies pooled. */
function pooled(measures: readonly Measure[]) {
  const bookings = measures.reduce((sum, item) => sum + item.bookings, 0);
  const seconds = measures.reduce((sum, item) => sum + item.seconds, 0);
  const latencies = measures.flatMap((item) => item.latencies).sort((a, b) => a - b);
  const inServer = measures.flatMap((item) => item.inServer).sort((a, b) => a - b);
  const database = measures.every((item) => item.databaseCpuMs !== null)
    ? measures.reduce((sum, item) => sum + item.databaseCpuMs!, 0) / bookings
    : null;
  return {
    perSecond: bookings / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    serverP99: inServer.length > 0 ? percentile(inServer, 99) : NaN,
    serverCpu: measures.reduce((sum, item) => sum + item.serverCpuMs, 0) / bookings,
    databaseCpu: database,
    loadCpu: measures.reduce((sum, item) => sum + item.loadCpuMs, 0) / bookings,
    over: measures.reduce((sum, item) => sum + item.over, 0),
    mismatched: measures.reduce((sum, item) => sum + item.mismatched, 0),
  };
}

function summary(label: string, measures: readonly Measure[]): ReturnType<typeof pooled> {
  const all = pooled(measures);
  const cpu = `CPU/booking server ${all.serverCpu.toFixed(2)} / database ${all.databaseCpu === null ? 'n/a' : all.databaseCpu.toFixed(2)} ms`;
  console.log(
    `  ${label.padEnd(8)} ${all.perSecond.toFixed(0).padStart(5)} bookings/s   p50 ${all.p50.toFixed(1)} ms   p99 ${all.p99.toFixed(1)} ms (in the server ${all.serverP99.toFixed(1)} ms)   ${cpu}   over capacity ${all.over}`,
  );
  return all;
}

/** Warm-up of a server's first burst, then a shorter one before each later burst (its load may differ). */
const warmupOf = (burstIndex: number) => (burstIndex === 0 ? WARMUP : Math.ceil(WARMUP / 4));
const accountsFor = (bursts: number) =>
  Array.from({ length: bursts }, (_, index) => Math.ceil(warmupOf(index) / BOATS_PER_ACCOUNT)).reduce(
    (a, b) => a + b,
    0,
  ) +
  bursts * Math.ceil(BOOKINGS / BOATS_PER_ACCOUNT);

/**
 * PostgreSQL: the floor and the API, each in its own process on its own scratch database of the same server,
 * measured in turns (floor, API, floor, API…) so that the machine's drift falls on both: first at the most
 * each does (`concurrency` in flight), then as an open load at 80 % of the floor's most (or `--rate`).
 */
async function againstFloor(target: string): Promise<void> {
  const bursts = 2 * ROUNDS;
  if (3 + 2 * bursts > 30) throw new Error('--rounds: at most 6 (a day per burst, within 30 days ahead)');
  // Both started at once; if one fails, the other is stopped (its scratch database dropped) before the error.
  const started = await Promise.allSettled([
    startBench('floor', target, accountsFor(bursts)),
    startBench('api', target, accountsFor(bursts)),
  ]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? stopBench(result.value) : undefined)));
    throw failed.reason;
  }
  const [floor, api] = started.map((result) => (result as PromiseFulfilledResult<Bench>).value) as [Bench, Bench];
  try {
    const order = [floor, api];
    const measures: { closed: Measure[]; open: Measure[] } = { closed: [], open: [] };
    const counts = new Map<Bench, number>([
      [floor, 0],
      [api, 0],
    ]);
    const next = async (bench: Bench, load: Load, round: number) => {
      const index = counts.get(bench)!;
      counts.set(bench, index + 1);
      return measure(bench, load, round, warmupOf(index), { measure: 3 + index, warmup: 3 + bursts + index });
    };
    const closed: Load = { concurrency: CONCURRENCY, rate: 0 };
    console.log(
      `\nPostgreSQL: ${BOOKINGS} bookings a burst into ${SLOTS} slots of ${CAPACITY} places, ${CONCURRENCY} in flight, floor and project in turns (${ROUNDS} rounds)`,
    );
    for (let round = 1; round <= ROUNDS; round++)
      for (const bench of order) measures.closed.push(await next(bench, closed, round));
    const floorMost = pooled(measures.closed.filter((item) => item.side === 'floor')).perSecond;
    const rate = RATE > 0 ? RATE : Math.round(0.8 * floorMost);
    const open: Load = { concurrency: CONCURRENCY, rate };
    console.log(
      `\nPostgreSQL: open load, ${rate} sent a second (${RATE > 0 ? '--rate' : "80 % of the floor's most"}), floor and project in turns (${ROUNDS} rounds)`,
    );
    for (let round = 1; round <= ROUNDS; round++)
      for (const bench of order) measures.open.push(await next(bench, open, round));

    console.log(`\nAt the most (${CONCURRENCY} in flight), ${ROUNDS} bursts each:`);
    const floorClosed = summary(
      'floor',
      measures.closed.filter((item) => item.side === 'floor'),
    );
    const apiClosed = summary(
      'project',
      measures.closed.filter((item) => item.side === 'api'),
    );
    console.log(
      `  ratio    ${(apiClosed.perSecond / floorClosed.perSecond).toFixed(2)} of the floor's bookings/s   (want ≥ 0.5)`,
    );
    console.log(`Open load at ${rate}/s, ${ROUNDS} bursts each:`);
    const floorOpen = summary(
      'floor',
      measures.open.filter((item) => item.side === 'floor'),
    );
    const apiOpen = summary(
      'project',
      measures.open.filter((item) => item.side === 'api'),
    );
    console.log(`  ratio    p99 ${(apiOpen.p99 / floorOpen.p99).toFixed(2)} × the floor's   (want ≤ 2)`);
    const over = floorClosed.over + floorOpen.over + apiClosed.over + apiOpen.over;
    const off = floorClosed.mismatched + floorOpen.mismatched + apiClosed.mismatched + apiOpen.mismatched;
    console.log(
      `Over capacity: floor ${floorClosed.over + floorOpen.over}, project ${apiClosed.over + apiOpen.over} slot(s) (must be 0); counters off ${off}`,
    );
    console.log(
      `Load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    if (over > 0 || off > 0) process.exitCode = 1;
  } finally {
    await Promise.all([stopBench(floor), stopBench(api)]);
  }
}

/** PGlite: the API alone (the floor is a PostgreSQL server's), at `--rate` or `concurrency` in flight. */
async function projectOnly(target: string): Promise<void> {
  const api = await startBench('api', target, accountsFor(1));
  try {
    const load: Load = { concurrency: CONCURRENCY, rate: RATE };
    console.log(
      `\nPGlite: ${BOOKINGS} bookings into ${SLOTS} slots of ${CAPACITY} places, ${RATE > 0 ? `${RATE} sent a second` : `${CONCURRENCY} in flight`}, project only`,
    );
    summary('project', [await measure(api, load, 1, WARMUP, { measure: 3, warmup: 4 })]);
  } finally {
    await stopBench(api);
  }
}

const serving = process.argv.findIndex((value) => value === '--serve' || value === '--serve-floor');
if (serving > 0) {
  await serve(
    process.argv[serving] === '--serve-floor' ? 'floor' : 'api',
    process.argv[serving + 1]!,
    Number(process.argv[serving + 2]),
  );
} else {
  const maintenanceUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!process.argv.includes('--pglite-only')) {
    if (!maintenanceUrl) {
      console.error(
        'PostgreSQL: set TEST_DATABASE_URL (or DATABASE_URL) to a server, e.g. postgres://marina:marina@127.0.0.1:5432/postgres',
      );
      process.exitCode = 1;
    } else {
      await againstFloor(maintenanceUrl);
    }
  }
  if (!process.argv.includes('--postgres-only')) await projectOnly('pglite');
}
