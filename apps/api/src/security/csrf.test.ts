import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, XSRF_COOKIE } from '../config.ts';
import { DEMO_ACCOUNT } from '../db/seed.ts';
import { createAgent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';

let app: FastifyInstance;
const APP_ORIGIN = 'https://app.portblau.example';
const demo = DEMO_ACCOUNT(901);

useTestServer((server) => ({ app } = server), { config: { allowedOrigins: [APP_ORIGIN] } });

/** A sign-in attempt with exactly these headers (cookies of `agent` unless replaced). */
async function signIn(cookie: string, headers: Record<string, string | undefined>) {
  const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<
    string,
    string
  >;
  return app.inject({
    method: 'POST',
    url: '/api/v1/session',
    headers: { 'x-client-id': '901', cookie, ...clean },
    payload: { identifier: demo.email, password: demo.password },
  });
}

async function anonymousVisitor() {
  const agent = createAgent(app, 901);
  await agent.get('/client');
  return { agent, cookie: `${SESSION_COOKIE}=${agent.sid()}; ${XSRF_COOKIE}=${agent.xsrf()}`, token: agent.xsrf()! };
}

describe('CSRF token', () => {
  it('hands every visitor a readable token tied to an anonymous sid, before any sign-in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/client', headers: { 'x-client-id': '901' } });
    const sid = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    const xsrf = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE)!;
    expect(sid).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(xsrf).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
    expect(xsrf.httpOnly).toBeFalsy();
    expect(xsrf.value).not.toBe(sid.value);
  });

  it('accepts a mutating call with the token and an allowed origin', async () => {
    const { cookie, token } = await anonymousVisitor();
    expect((await signIn(cookie, { 'x-xsrf-token': token, origin: APP_ORIGIN })).statusCode).toBe(200);
  });

  it('refuses a missing or wrong token with 403 csrf_failed', async () => {
    const { cookie, token } = await anonymousVisitor();
    for (const header of [
      undefined,
      '',
      `${token}x`,
      token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase(),
    ]) {
      const response = await signIn(cookie, { 'x-xsrf-token': header, origin: APP_ORIGIN });
      expect(response.statusCode, String(header)).toBe(403);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.json()).toMatchObject({ code: 'csrf_failed' });
    }
  });

  it("refuses the token of another sid (copied from another visitor's cookie)", async () => {
    const victim = await anonymousVisitor();
    const attacker = await anonymousVisitor();
    const response = await signIn(victim.cookie, { 'x-xsrf-token': attacker.token, origin: APP_ORIGIN });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf_failed' });
  });

  it('refuses a call without a sid cookie, handing out cookies for the retry', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/v1/session',
      headers: { 'x-client-id': '901', origin: APP_ORIGIN, 'x-xsrf-token': 'anything' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual([SESSION_COOKIE, XSRF_COOKIE].sort());
  });

  it('changes the token at sign-in, and the old one stops working', async () => {
    const agent = createAgent(app, 901);
    await agent.get('/session');
    const before = agent.xsrf();
    await agent.post('/session', { identifier: demo.email, password: demo.password });
    expect(agent.xsrf()).toBeDefined();
    expect(agent.xsrf()).not.toBe(before);
    const stale = await agent.delete('/session', undefined, { headers: { 'x-xsrf-token': before! } });
    expect(stale.statusCode).toBe(403);
    expect((await agent.delete('/session')).statusCode).toBe(204);
  });

  it('does not ask for a token on reads', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/client', headers: { 'x-client-id': '901' } })).statusCode,
    ).toBe(200);
  });
});

describe('Origin', () => {
  it('refuses a foreign origin, or none, with 403 origin_not_allowed', async () => {
    const { cookie, token } = await anonymousVisitor();
    for (const origin of ['https://evil.example', 'null', undefined, 'https://app.portblau.example.evil.example']) {
      const response = await signIn(cookie, { 'x-xsrf-token': token, origin });
      expect(response.statusCode, String(origin)).toBe(403);
      expect(response.json()).toMatchObject({ code: 'origin_not_allowed' });
    }
  });

  it("accepts the server's own origin, from the Host it was reached at", async () => {
    const { cookie, token } = await anonymousVisitor();
    const response = await signIn(cookie, {
      'x-xsrf-token': token,
      host: 'marina.example:8443',
      origin: 'http://marina.example:8443',
    });
    expect(response.statusCode).toBe(200);
    const otherPort = await signIn(cookie, {
      'x-xsrf-token': token,
      host: 'marina.example:8443',
      origin: 'http://marina.example:9443',
    });
    expect(otherPort.statusCode).toBe(403);
  });
});
