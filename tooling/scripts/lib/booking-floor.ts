/**
 * The floor `pnpm bench:launches` measures the API against (decision 064): a bare `node:http` server that does
 * only a booking's essential transaction on the API's own tables, with the API's driver and pool size. Per
 * request: parse the JSON body, BEGIN, take a place with the API's own statement (the slot's row upserted and
 * locked, its count raised only while under capacity), INSERT the launch (`confirmed`, or `waitlisted` when the
 * slot is full and the body asks for the waiting list), COMMIT; 201, or 409 `slot_full` after a ROLLBACK.
 *
 * Deliberately nothing else: no session, CSRF, validation, idempotency key, rules, history, reminders,
 * notification or live notice. The person is named by the `x-account-id` header, trusted as is.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectionOf, LOCK_WAIT_MS, POOL_SIZE } from '@marina/api/db/database.ts';
import postgres from 'postgres';

export interface BookingFloorOptions {
  /** The database holding the API's schema (migrated, with the accounts and boats that book). */
  databaseUrl: string;
  clientId: number;
  /** Places per slot. */
  capacity: number;
  host?: string;
  port?: number;
}

export interface BookingFloor {
  url: string;
  server: Server;
  close(): Promise<void>;
}

interface FloorBooking {
  boatId: string;
  slotStart: string;
  expectedReturn: string;
  people: number;
  waitlist?: boolean;
}

type Outcome =
  { status: 201; body: { status: 'confirmed' | 'waitlisted' } } | { status: 409; body: { code: 'slot_full' } };

export async function startBookingFloor(options: BookingFloorOptions): Promise<BookingFloor> {
  const { url, path } = connectionOf(options.databaseUrl);
  // As the API opens its pool (database.ts): same size, same lock wait; postgres.js prepares each statement.
  const sql = postgres(url, {
    ...(path ? { path } : {}),
    max: POOL_SIZE,
    connection: { lock_timeout: LOCK_WAIT_MS },
    onnotice: () => {},
  });

  async function book(accountId: string, input: FloorBooking): Promise<Outcome> {
    // A connection of its own for the transaction, as the API's (database.ts, `transaction`).
    const connection = await sql.reserve();
    let open = false;
    try {
      // BEGIN leaves with the first statement, not awaited on its own, as the API's transactions send it
      // (database.ts, decision 064): the floor pays no round trip the API does not.
      const begun = connection`begin`.then(
        () => null,
        (error: unknown) => ({ error }),
      );
      open = true;
      const taken = await connection`
        insert into launch_slots (client_id, start, held) values (${options.clientId}, ${new Date(input.slotStart)}, 1)
        on conflict (client_id, start) do update set held = launch_slots.held + 1
        where launch_slots.held < ${options.capacity}
        returning held`;
      const failed = await begun;
      if (failed) throw failed.error;
      const placed = taken.length === 1;
      if (!placed && !input.waitlist) {
        await connection`rollback`;
        open = false;
        return { status: 409, body: { code: 'slot_full' } };
      }
      const status = placed ? 'confirmed' : 'waitlisted';
      await connection`
        insert into launches (client_id, account_id, boat_id, status, slot_start, expected_return, people)
        values (${options.clientId}, ${accountId}, ${input.boatId}, ${status}, ${new Date(input.slotStart)},
          ${new Date(input.expectedReturn)}, ${input.people})`;
      await connection`commit`;
      open = false;
      return { status: 201, body: { status } };
    } catch (error) {
      if (open) await connection`rollback`.catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  }

  function answer(response: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    response.end(text);
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || request.url !== '/api/v1/launches') {
      answer(response, 404, { code: 'not_found' });
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let input: FloorBooking;
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FloorBooking;
      } catch {
        answer(response, 400, { code: 'invalid_json' });
        return;
      }
      book(String(request.headers['x-account-id']), input).then(
        (outcome) => answer(response, outcome.status, outcome.body),
        (error: unknown) => answer(response, 500, { code: 'internal', detail: String(error) }),
      );
    });
  });
  // Fastify's keep-alive (72 s): the bench's connections stay open across its pauses, as they do with the API.
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sql.end({ timeout: 5 });
    },
  };
}
