import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { outbox, type OutboxRow } from './outbox.schema.ts';
import { createJobWorker } from '../jobs/job-worker.ts';
import { testClock } from '../test/accounts.ts';
import { createTestServer, useTestServer } from '../test/test-server.ts';
import { enqueueMessage } from './outbox.ts';
import { SEND_MESSAGE, sendMessageHandlers } from './outbox-sending.ts';
import { httpSmsTransport, type Transport, type Transports } from './transports.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();
const sent: OutboxRow[] = [];
let failing = false;

const recording = (name: string): Transport => ({
  name,
  async send(message) {
    if (failing) throw new Error('relay refused');
    sent.push(message);
  },
});
const transports: Transports = { email: recording('email'), sms: recording('sms') };

useTestServer((server) => ({ database, app } = server), { clock: clock.now, transports });

beforeEach(async () => {
  sent.length = 0;
  failing = false;
  await database.db.delete(outbox);
  await database.db.delete(jobs);
});

/** The job that sends the outbox row to `destination`. */
async function jobOf(destination: string) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.destination, destination));
  const [job] = await database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}->>'outboxId' = ${row!.id}`);
  return job!;
}

/** Another instance's worker that sends the outbox, on the same database. */
const otherInstance = (sending: Transports = transports) =>
  createJobWorker({
    db: database.db,
    clock: clock.now,
    log: app.log,
    handlers: sendMessageHandlers(sending, app.log),
    intervalMs: 0,
  });

async function enqueue(destination: string, channel: 'sms' | 'email' = 'sms') {
  await enqueueMessage(
    database.db,
    {
      clientId: 901,
      channel,
      destination,
      text: `Marina Port Blau: tu código de verificación es 123456.`,
      code: '123456',
    },
    clock.now(),
    { devRoutes: true },
  );
}

describe('sending the outbox', () => {
  it('sends what is pending through the transport of its channel and marks it sent', async () => {
    await enqueue('+34611111111');
    await enqueue('ana@correo.example', 'email');
    expect(await app.jobs.runDue()).toBe(2);
    // Each channel in its own lane: in whichever order the providers took them.
    expect(sent.map((message) => [message.channel, message.destination]).sort()).toEqual([
      ['email', 'ana@correo.example'],
      ['sms', '+34611111111'],
    ]);
    const rows = await database.db.select().from(outbox);
    expect(rows.every((row) => row.status === 'sent' && row.sentAt !== null)).toBe(true);
    expect(
      (await database.db.select().from(jobs).orderBy(jobs.seq)).map((job) => [job.name, job.status, job.attempts]),
    ).toEqual([
      ['outbox.send.sms', 'done', 1],
      ['outbox.send.email', 'done', 1],
    ]);
    expect(await app.jobs.runDue()).toBe(0);
  });

  it('blanks the text of what it sent, or gave up on: the row keeps only its metadata', async () => {
    await enqueueMessage(
      database.db,
      {
        clientId: 902,
        channel: 'email',
        destination: 'ana@correo.example',
        subject: 'Marina Atlántica: activa tu cuenta',
        text: 'Abre https://app.example/activar?token=abc',
      },
      clock.now(),
      { devRoutes: true },
    );
    expect(await app.jobs.runDue()).toBe(1);
    expect(sent[0]!.text).toBe('Abre https://app.example/activar?token=abc');
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({
      status: 'sent',
      text: '',
      subject: 'Marina Atlántica: activa tu cuenta',
      destination: 'ana@correo.example',
    });

    await database.db.delete(outbox);
    await enqueue('+34688888888');
    failing = true;
    for (let attempt = 1; attempt <= SEND_MESSAGE.normal.sms.maxAttempts; attempt++) {
      expect(await app.jobs.runDue()).toBe(1);
      clock.advance(SEND_MESSAGE.normal.sms.retryDelayMs(attempt));
    }
    const [failed] = await database.db.select().from(outbox);
    expect(failed).toMatchObject({ status: 'failed', text: '' });
  });

  it('keeps no copy of the code or link without the development routes (production)', async () => {
    await enqueueMessage(
      database.db,
      {
        clientId: 901,
        channel: 'sms',
        destination: '+34699999999',
        text: 'Marina Port Blau: tu código de verificación es 123456.',
        code: '123456',
        link: 'https://app.example/x',
      },
      clock.now(),
      { devRoutes: false },
    );
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ code: null, link: null });
  });

  it('retries a failed send later, with growing delays, and gives up after 8 tries', async () => {
    await enqueue('+34622222222');
    failing = true;
    expect(await app.jobs.runDue()).toBe(1);
    let [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'pending' });
    let job = await jobOf('+34622222222');
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Error: relay refused' });
    expect(job.runAt.getTime()).toBe(clock.now().getTime() + 30_000);
    // Not due yet.
    expect(await app.jobs.runDue()).toBe(0);

    for (let attempt = 2; attempt <= 8; attempt++) {
      clock.advance(SEND_MESSAGE.normal.sms.retryDelayMs(attempt - 1));
      expect(await app.jobs.runDue()).toBe(1);
    }
    expect([1, 2, 3, 7, 8].map((attempt) => SEND_MESSAGE.normal.sms.retryDelayMs(attempt) / 1000)).toEqual([
      30, 60, 120, 1920, 3600,
    ]);
    [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ status: 'failed', text: '' });
    job = await jobOf('+34622222222');
    expect(job).toMatchObject({ status: 'failed', attempts: 8 });
    failing = false;
    clock.advance(24 * 60 * 60 * 1000);
    expect(await app.jobs.runDue()).toBe(0);
    expect(sent).toEqual([]);
  });

  it('sends each message once when several instances send at the same time', async () => {
    for (let i = 0; i < 30; i++) await enqueue(`+3463333${String(i).padStart(4, '0')}`);
    const others = [1, 2].map(() => otherInstance());
    await Promise.all([app.jobs.runDue(), ...others.map((worker) => worker.runDue()), app.jobs.runDue()]);
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((message) => message.id)).size).toBe(30);
    await Promise.all(others.map((worker) => worker.stop()));
  });

  it('skips a message deleted with its account before it left', async () => {
    await enqueue('+34655555500');
    await database.db.delete(outbox);
    expect(await app.jobs.runDue()).toBe(1);
    expect(sent).toEqual([]);
    expect(await database.db.select().from(jobs)).toMatchObject([{ status: 'done' }]);
  });

  it('polls on its own and stops with the server', async () => {
    const own = await createTestServer(database, { clock: clock.now, transports, jobsIntervalMs: 20 });
    await enqueue('+34644444444');
    await expect.poll(() => sent.length, { timeout: 5000 }).toBe(1);
    await own.close();
    await enqueue('+34655555555');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toHaveLength(1);
  });
});

describe('SMS provider adapter', () => {
  let requests: { headers: IncomingMessage['headers']; body: unknown }[];
  let status = 202;
  const provider = createHttpServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body: JSON.parse(raw) });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let url: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/messages`;
  });

  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  beforeEach(() => {
    requests = [];
    status = 202;
  });

  const message = {
    id: 'x',
    channel: 'sms',
    destination: '+34612345678',
    text: 'Marina Port Blau: tu código es 123456.',
  } as OutboxRow;

  it('posts {to, from, text} as JSON with the bearer token', async () => {
    await httpSmsTransport(url, 'secret-token', 'PortBlau').send(message);
    expect(requests).toEqual([
      {
        headers: expect.objectContaining({ authorization: 'Bearer secret-token', 'content-type': 'application/json' }),
        body: { to: '+34612345678', from: 'PortBlau', text: 'Marina Port Blau: tu código es 123456.' },
      },
    ]);
  });

  it('treats an answer other than 2xx as a failure, to be retried', async () => {
    status = 503;
    await expect(httpSmsTransport(url, 'secret-token', 'PortBlau').send(message)).rejects.toThrow(
      'SMS provider answered 503',
    );
  });

  it('leaves a message pending when the provider fails', async () => {
    status = 500;
    const worker = otherInstance({ email: transports.email, sms: httpSmsTransport(url, 'secret-token', 'PortBlau') });
    await enqueue('+34666666666');
    expect(await worker.runDue()).toBe(1);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.destination, '+34666666666'));
    expect(row).toMatchObject({ status: 'pending' });
    expect(await jobOf('+34666666666')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Error: SMS provider answered 500',
    });
    await worker.stop();
  });
});

describe('GET /api/v1/dev/outbox', () => {
  it('lists messages of every marina newest first, filtered by destination as typed, without client or session', async () => {
    await enqueue('+34677777777');
    await enqueueMessage(
      database.db,
      {
        clientId: 902,
        channel: 'email',
        destination: 'ana@correo.example',
        subject: 'Marina Atlántica: hola',
        text: 'Hola',
      },
      clock.now(),
      { devRoutes: true },
    );
    const all = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((entry: { destination: string }) => entry.destination)).toEqual([
      'ana@correo.example',
      '+34677777777',
    ]);
    expect(all.json()[1]).toEqual({
      id: expect.any(String),
      clientId: 901,
      channel: 'sms',
      destination: '+34677777777',
      subject: null,
      text: 'Marina Port Blau: tu código de verificación es 123456.',
      code: '123456',
      link: null,
      createdAt: clock.now().toISOString(),
    });
    const filtered = await app.inject({
      method: 'GET',
      url: `/api/v1/dev/outbox?destination=${encodeURIComponent('677 777 777')}`,
    });
    expect(filtered.json()).toHaveLength(1);
    const byEmail = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox?destination=Ana@Correo.example' });
    expect(byEmail.json()).toHaveLength(1);
  });

  it('does not exist unless DEV_ROUTES asks for it, in development too', async () => {
    for (const nodeEnv of ['development', 'production'] as const) {
      const server = await createTestServer(database, { config: { nodeEnv, devRoutes: false } });
      try {
        const outboxList = await server.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
        expect(outboxList.statusCode).toBe(404);
        expect(outboxList.json()).toMatchObject({ code: 'not_found' });
        const expire = await server.inject({
          method: 'POST',
          url: '/api/v1/dev/expire-codes',
          payload: { destination: '+34677777777' },
        });
        expect(expire.statusCode).toBe(404);
      } finally {
        await server.close();
      }
    }
  });
});
