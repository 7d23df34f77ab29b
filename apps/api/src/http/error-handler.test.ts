import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createAgent, TEST_ORIGIN } from '../test/test-agent.ts';
import { createTestServer, PROBLEM_JSON } from '../test/test-server.ts';

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
      api.get('/test/crash', async () => {
        throw new Error('secret stack detail');
      });
    },
    { prefix: '/api/v1' },
  );
  const agent = createAgent(app, 41);
  await agent.get('/session');
  client = {
    'x-client-id': '41',
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
    const response = await app.inject({ method: 'GET', url: '/api/v1/launches/unknown' });
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
    expect(response.json()).toMatchObject({ code: 'bad_request', detail: 'El cuerpo de la petición no es JSON válido.' });
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
