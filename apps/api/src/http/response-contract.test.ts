import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Nullable, Shared, Type } from '@marina/core/domain/response-schema.ts';
import { checkResponsesInTests } from './response-contract.ts';

const thing = Shared(Type.Object({ id: Type.String(), note: Nullable(Type.String()) }, { $id: 'Thing' }));

async function serverAnswering(payload: unknown) {
  const app = Fastify();
  app.addSchema(thing);
  checkResponsesInTests(app);
  app.get(
    '/things',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { things: { type: 'array', items: { $ref: 'Thing#' } } },
            required: ['things'],
          },
        },
      },
    },
    async () => payload,
  );
  await app.ready();
  return app;
}

describe('under the test runner, an answer outside its response schema', () => {
  it('passes when it is the schema’s', async () => {
    const app = await serverAnswering({ things: [{ id: 'a', note: null }] });
    const response = await app.inject({ method: 'GET', url: '/things' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ things: [{ id: 'a', note: null }] });
  });

  it('fails with a field the schema forgets, which the serialiser would drop, even in a shared schema', async () => {
    const top = await serverAnswering({ things: [], total: 0 });
    expect((await top.inject({ method: 'GET', url: '/things' })).statusCode).toBe(500);
    const nested = await serverAnswering({ things: [{ id: 'a', note: null, secret: 'x' }] });
    expect((await nested.inject({ method: 'GET', url: '/things' })).statusCode).toBe(500);
  });

  it('fails with a field missing or of another type', async () => {
    const missing = await serverAnswering({ things: [{ id: 'a' }] });
    expect((await missing.inject({ method: 'GET', url: '/things' })).statusCode).toBe(500);
    const mistyped = await serverAnswering({ things: [{ id: 1, note: null }] });
    expect((await mistyped.inject({ method: 'GET', url: '/things' })).statusCode).toBe(500);
  });
});
