import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestServer, PROBLEM_JSON, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;

useTestServer((server) => ({ database, app } = server));

describe('GET /api/v1/health', () => {
  it('answers ok after querying the database, without naming a client', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 service_unavailable when the database fails', async () => {
    const failing: Database = {
      ...database,
      db: new Proxy(database.db, {
        get: (target, property, receiver) =>
          property === 'execute'
            ? () => Promise.reject(new Error('connection refused'))
            : Reflect.get(target, property, receiver),
      }),
    };
    const broken = await createTestServer(failing);
    try {
      const response = await broken.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(response.body).not.toContain('connection refused');
    } finally {
      await broken.close();
    }
  });
});
