import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { registerAccount } from '../test/accounts.ts';
import { createTestServer, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;

useTestServer((server) => ({ database, app } = server));

const EXPECTED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join(';');

describe('security headers', () => {
  it('sends a strict content security policy and no referrer', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toBe(EXPECTED_CSP);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('never lets an API answer be cached, errors included', async () => {
    for (const request of [
      { url: '/api/v1/health' },
      { url: '/api/v1/client', headers: { 'x-client-id': '901' } },
      { url: '/api/v1/client' },
      { url: '/api/v1/unknown' },
    ]) {
      const response = await app.inject({ method: 'GET', ...request });
      expect(response.headers['cache-control'], request.url).toBe('no-store');
      expect(response.headers['content-security-policy'], request.url).toBe(EXPECTED_CSP);
    }
  });

  it('decides no-store from the route that answered, however its path is spelt', async () => {
    const { agent, person } = await registerAccount(app, 901);
    const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    for (const url of ['/%61pi/v1/me', '/%61%70%69/v1/me', '/api/v1/%6De']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'x-client-id': '901', cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.json().email, url).toBe(person.email);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    for (const url of ['/%61pi/v1/nothing', '/%2561pi/v1/nothing', '/']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends HSTS only in production', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const production = await createTestServer(database, { config: { nodeEnv: 'production' } });
    try {
      const response = await production.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['content-security-policy']).toBe(`${EXPECTED_CSP};upgrade-insecure-requests`);
    } finally {
      await production.close();
    }
  });
});
