import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createTestServer } from '../test/test-server.ts';
import { redactUrl } from './logging.ts';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await createTestServer(database, { config: { logLevel: 'info' }, logStream });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request logs', () => {
  it('trace each request without its cookies, CSRF token or secrets in the query', async () => {
    const sessionId = randomBytes(32).toString('base64url');
    const xsrf = randomBytes(16).toString('hex');
    await app.inject({
      method: 'GET',
      url: '/api/v1/session?token=reset-link-secret',
      headers: { 'x-client-id': '41', cookie: `${SESSION_COOKIE}=${sessionId}`, 'x-xsrf-token': xsrf },
    });
    const output = lines.join('\n');
    const incoming = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'incoming request');
    expect(incoming.req).toMatchObject({
      method: 'GET',
      url: '/api/v1/session?token=%5BRedacted%5D',
      headers: { 'x-client-id': '41', cookie: '[Redacted]', 'x-xsrf-token': '[Redacted]' },
    });
    expect(output).toContain('"statusCode":401');
    expect(output).not.toContain(sessionId);
    expect(output).not.toContain(xsrf);
    expect(output).not.toContain('reset-link-secret');
  });

  it('censor passwords, codes and tokens in logged objects', () => {
    const before = lines.length;
    app.log.info({ password: 'hunter2', code: '123456', body: { token: 'abc-token' }, err: { code: 'FST_ERR_X' } }, 'sign-in');
    const entry = JSON.parse(lines.slice(before).join(''));
    expect(entry).toMatchObject({ password: '[Redacted]', code: '[Redacted]', body: { token: '[Redacted]' } });
    expect(entry.err.code).toBe('FST_ERR_X');
  });
});

describe('redactUrl', () => {
  it('hides secret query values and leaves the rest', () => {
    expect(redactUrl('/api/v1/x?barco=7&code=123456&Password=p')).toBe('/api/v1/x?barco=7&code=%5BRedacted%5D&Password=%5BRedacted%5D');
    expect(redactUrl('/api/v1/x?barco=7')).toBe('/api/v1/x?barco=7');
  });
});
