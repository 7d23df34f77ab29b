import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createAgent, TEST_ORIGIN } from '../test/test-agent.ts';
import { createTestServer, PROBLEM_JSON } from '../test/test-server.ts';
import { toHttpProblem } from './error-handler.ts';

let database: Database;
let app: FastifyInstance;
// Mutating calls carry what the app sends: the marina, its CSRF token and its origin.
let client: Record<string, string>;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestServer(database);
  // Routes that exist only here, to reach the body and validation paths before real mutating routes exist.
  await app.register(
    async (api) => {
      api.post(
        '/test/boats',
        {
          schema: {
            // Hidden, as development tools are: the only routes whose bodies ajv checks (documented routes
            // describe theirs from yup, which checks them).
            hide: true,
            body: {
              type: 'object',
              properties: {
                name: { type: 'string', minLength: 1 },
                lengthM: { type: 'number', maximum: 12 },
                insurance: {
                  type: 'object',
                  properties: { expiresOn: { type: 'string', format: 'date' } },
                  required: ['expiresOn'],
                },
              },
              required: ['name', 'lengthM'],
            },
          },
        },
        async (request) => ({ received: request.body }),
      );
      // Hidden too: a documented route would have to declare its operation (decision 041).
      api.get('/test/crash', { schema: { hide: true } }, async () => {
        throw new Error('secret stack detail');
      });
    },
    { prefix: '/api/v1' },
  );
  const agent = createAgent(app, 901);
  await agent.get('/session');
  client = {
    'x-client-id': '901',
    origin: TEST_ORIGIN,
    cookie: [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-xsrf-token': agent.xsrf()!,
  };
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('problem answers', () => {
  it('answers an unknown route with not_found as problem+json', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/no-such-thing/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toMatchObject({ type: 'urn:marina:problem:not_found', status: 404, code: 'not_found' });
  });

  it('accepts a valid JSON body', async () => {
    const body = { name: 'Mistral', lengthM: 7.5 };
    const response = await app.inject({ method: 'POST', url: '/api/v1/test/boats', headers: client, payload: body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: body });
  });

  it('refuses malformed JSON with bad_request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test/boats',
      headers: { ...client, 'content-type': 'application/json' },
      payload: '{"name": "Mistral",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toMatchObject({
      code: 'bad_request',
      detail: 'El cuerpo de la petición no es JSON válido.',
    });
  });

  it('refuses a text body on a mutating call with unsupported_media_type', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test/boats',
      headers: { ...client, 'content-type': 'text/plain' },
      payload: 'name=Mistral',
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toMatchObject({ status: 415, code: 'unsupported_media_type' });
  });

  it('refuses an empty HTML form post with unsupported_media_type', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test/boats',
      headers: { ...client, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('refuses a body over the limit with payload_too_large', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test/boats',
      headers: { ...client, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES), lengthM: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('lists every wrong field in a validation_failed answer', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/test/boats',
      headers: client,
      payload: { lengthM: 14, insurance: { expiresOn: 'mañana' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    const body = response.json();
    expect(body).toMatchObject({ status: 400, code: 'validation_failed', title: 'Hay datos que revisar' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', code: 'required', message: 'Este campo es obligatorio.' },
        { field: 'lengthM', code: 'too_large', message: 'El valor es demasiado grande.' },
        { field: 'insurance.expiresOn', code: 'invalid_format', message: 'El formato no es válido.' },
      ]),
    );
    expect(body.errors).toHaveLength(3);
  });

  it('answers an unexpected failure with internal_error and no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/crash', headers: client });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toEqual({
      type: 'urn:marina:problem:internal_error',
      title: 'Error interno',
      status: 500,
      code: 'internal_error',
    });
    expect(response.body).not.toContain('secret stack detail');
  });
});

/** The headers every answer carries (those of a plain health check), which error answers must not lose. */
const PROTECTIVE_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'cache-control',
];

async function expectProtected(headers: Record<string, unknown>) {
  const reference = (await app.inject({ method: 'GET', url: '/api/v1/health' })).headers;
  for (const name of PROTECTIVE_HEADERS) expect(headers[name], name).toBe(reference[name]);
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['content-type']).toMatch(PROBLEM_JSON);
}

describe('a transaction PostgreSQL gave up on (decision 036)', () => {
  it('is 503 with Retry-After, for a lock wait, a deadlock or a serialization failure, however deep the cause', () => {
    for (const code of ['55P03', '40P01', '40001']) {
      const driverError = Object.assign(new Error('rolled back'), { code });
      const answer = toHttpProblem(new Error('Failed query', { cause: driverError }));
      expect(answer, code).toMatchObject({ status: 503, code: 'service_unavailable', headers: { 'retry-after': '2' } });
    }
    expect(toHttpProblem(Object.assign(new Error('other'), { code: '23514' }))).toMatchObject({ status: 500 });
  });
});

describe('framework errors', () => {
  it('answer a malformed URL with a problem that does not echo it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    await expectProtected(response.headers);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'bad_request',
      detail: 'La dirección de la petición no es válida.',
    });
    expect(response.body).not.toContain('%E0');
  });

  it('answer a path parameter over the length limit with 414', async () => {
    const token = 'x'.repeat(150);
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/activations/${token}`,
      headers: { 'x-client-id': '901' },
    });
    expect(response.statusCode).toBe(414);
    await expectProtected(response.headers);
    expect(response.json()).toMatchObject({
      status: 414,
      code: 'bad_request',
      detail: 'La dirección de la petición es demasiado larga.',
    });
    expect(response.body).not.toContain(token);
  });

  it('answer an unknown route without echoing its path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(response.statusCode).toBe(404);
    await expectProtected(response.headers);
    expect(response.body).not.toMatch(/script|alert/);
  });

  it('answer a known path with the wrong method with 405 and Allow', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/api/v1/session/revoke-all', 'POST'],
      ['PUT', '/api/v1/health', 'GET, HEAD'],
      ['PUT', '/api/v1/session', 'DELETE, GET, HEAD, POST'],
      ['GET', `/api/v1/registrations/${crypto.randomUUID()}/resend`, 'POST'],
    ] as const) {
      const response = await app.inject({ method, url, headers: client });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      await expectProtected(response.headers);
      expect(response.json()).toMatchObject({ status: 405, code: 'method_not_allowed' });
    }
  });

  it('answer headers too large for the HTTP parser with 431 as a problem', async () => {
    const listening = await createTestServer(database);
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as AddressInfo;
      const answer = await rawExchange(
        port,
        `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(17_000)}\r\n\r\n`,
      );
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      await expectProtected(headers);
      expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body));
      expect(JSON.parse(body)).toMatchObject({
        status: 431,
        code: 'bad_request',
        detail: 'Las cabeceras de la petición son demasiado grandes.',
      });
    } finally {
      await listening.close();
    }
  });
});

/** Sends raw bytes to the server and reads until it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    // The server closes without reading the rest of an oversized request: a reset after its answer is fine.
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}
