import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { XSRF_COOKIE } from '../config.ts';
import { DEMO_ACCOUNT } from '../db/seed.ts';
import { createAgent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';

let app: FastifyInstance;
// The seed's deployment: the app on the marina's host, the API on another port of it.
const APP_ORIGIN = 'https://marina.example';
const OTHER_ORIGIN = 'https://marina.example.evil.example';
const demo = DEMO_ACCOUNT(901);

useTestServer((server) => ({ app } = server), { config: { allowedOrigins: [APP_ORIGIN] } });

function corsHeaders(response: LightMyRequestResponse) {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => name.startsWith('access-control-')));
}

function expectReadableBy(response: LightMyRequestResponse, origin: string) {
  expect(response.headers['access-control-allow-origin']).toBe(origin);
  expect(response.headers['access-control-allow-credentials']).toBe('true');
  expect(response.headers['access-control-expose-headers']).toBe('retry-after');
  expect(String(response.headers.vary)).toMatch(/\bOrigin\b/i);
}

function preflight(
  origin: string,
  path: string,
  method = 'POST',
  headers = 'content-type,x-client-id,x-xsrf-token,idempotency-key',
) {
  return app.inject({
    method: 'OPTIONS',
    url: `/api/v1${path}`,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

describe('the app on another origin', () => {
  it('reads answers with its credentials: its own origin echoed, never *', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/client',
      headers: { 'x-client-id': '901', origin: APP_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expectReadableBy(response, APP_ORIGIN);
  });

  it('signs in, and gets a token cookie its page can read from another port of the host', async () => {
    const agent = createAgent(app, 901, { origin: APP_ORIGIN });
    const response = await agent.post('/session', { identifier: demo.email, password: demo.password });
    expect(response.statusCode, response.body).toBe(200);
    expectReadableBy(response, APP_ORIGIN);
    // Cookies are per host, not per port: with no Domain the cookie stays on the API's host, whose
    // pages on any port read it; Path=/ makes it visible on every page of the app.
    const xsrf = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE)!;
    expect(xsrf).toMatchObject({ path: '/', sameSite: 'Lax', secure: true });
    expect(xsrf.domain).toBeUndefined();
    expect(xsrf.httpOnly).toBeFalsy();
  });

  it('reads the problems too, so a refusal is shown and not taken for a lost connection', async () => {
    const agent = createAgent(app, 901, { origin: APP_ORIGIN });
    const wrong = await agent.post('/session', { identifier: demo.email, password: 'no-es-la-contraseña' });
    expect(wrong.statusCode).toBe(401);
    expectReadableBy(wrong, APP_ORIGIN);
    const noToken = await agent.post(
      '/session',
      { identifier: demo.email, password: demo.password },
      { withoutXsrf: true },
    );
    expect(noToken.json().code).toBe('csrf_failed');
    expectReadableBy(noToken, APP_ORIGIN);
    // A browser sends Origin with every cross-origin call, GET included.
    const unknown = await agent.get('/no-existe', { headers: { origin: APP_ORIGIN } });
    expect(unknown.statusCode).toBe(404);
    expectReadableBy(unknown, APP_ORIGIN);
  });

  it('gets its preflight answered: the app’s methods and headers, cached, no cookies set', async () => {
    for (const [path, method] of [
      ['/session', 'POST'],
      ['/me', 'PATCH'],
      ['/me', 'DELETE'],
      ['/client', 'GET'],
    ] as const) {
      const response = await preflight(APP_ORIGIN, path, method);
      expect(response.statusCode, `${method} ${path}`).toBe(204);
      expect(corsHeaders(response)).toEqual({
        'access-control-allow-origin': APP_ORIGIN,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'content-type, x-client-id, x-xsrf-token, idempotency-key',
        'access-control-expose-headers': 'retry-after',
        'access-control-max-age': '7200',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      // A preflight carries no X-Client-Id: it is answered before the marina is asked for.
      expect(response.body).toBe('');
    }
  });
});

describe('any other origin', () => {
  it('gets no CORS header, so its page cannot read the answer', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/client',
      headers: { 'x-client-id': '901', origin: OTHER_ORIGIN },
    });
    expect(corsHeaders(response)).toEqual({});
    expect(
      corsHeaders(
        await app.inject({ method: 'GET', url: '/api/v1/client', headers: { 'x-client-id': '901', origin: 'null' } }),
      ),
    ).toEqual({});
  });

  it('gets no preflight either, and its changes are refused by the Origin check', async () => {
    const refused = await preflight(OTHER_ORIGIN, '/session');
    expect(refused.statusCode).toBe(405);
    expect(refused.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(corsHeaders(refused)).toEqual({});

    const agent = createAgent(app, 901, { origin: OTHER_ORIGIN });
    const change = await agent.post('/session', { identifier: demo.email, password: demo.password });
    expect(change.statusCode).toBe(403);
    expect(change.json().code).toBe('origin_not_allowed');
    expect(corsHeaders(change)).toEqual({});
  });
});

describe('what is not a cross-origin API call', () => {
  it('an OPTIONS request that is not a preflight, even from the app, answers 405 as before', async () => {
    const response = await app.inject({ method: 'OPTIONS', url: '/api/v1/session', headers: { origin: APP_ORIGIN } });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('DELETE, GET, HEAD, POST');
    expect(corsHeaders(response)).toEqual({});
  });

  it('an unknown path stays 404 for every method, the preflight route notwithstanding', async () => {
    for (const url of ['/api/v1/no-existe', '/no-existe']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'x-client-id': '901' } });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('a page outside the API gets no CORS header: only the API is shared with the app', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-existe', headers: { origin: APP_ORIGIN } });
    expect(corsHeaders(response)).toEqual({});
  });
});
