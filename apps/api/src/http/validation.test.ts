import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newPerson, registerAccount } from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';
import { unreadableTextErrors } from './validation.ts';

let app: FastifyInstance;

useTestServer((server) => ({ app } = server));

const NUL = '\u0000';
const BELL = '\u0007';
const LONE_SURROGATE = '\ud800';

/** The answer must name `field`, in Spanish, with the stable code, and never be a 500. */
function expectUnreadable(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
  expect(response.json()).toMatchObject({
    code: 'validation_failed',
    errors: [{ field, code: 'invalid_characters', message: expect.stringMatching(/^Contiene caracteres que no se admiten/) }],
  });
}

describe('text no one types', () => {
  it('is refused in the sign-in and recovery bodies, naming the field', async () => {
    const agent = createAgent(app, 41);
    expectUnreadable(await agent.post('/session', { identifier: `ana${NUL}@correo.es`, password: 'Velero-en-la-rada-42' }), 'identifier');
    expectUnreadable(await agent.post('/session', { identifier: 'ana@correo.es', password: `Velero${NUL}` }), 'password');
    expectUnreadable(await agent.post('/password-resets', { identifier: `12345678Z${NUL}` }), 'identifier');
  });

  it('is refused in registration names and in every other field of the form', async () => {
    const agent = createAgent(app, 41);
    for (const [field, value] of [
      ['firstName', `Lu${NUL}cía`],
      ['surnames', `García${BELL}`],
      ['email', `lucia${NUL}@correo.example`],
      ['phone', `+34 612${NUL}345678`],
      ['document', `${LONE_SURROGATE}12345678Z`],
    ] as const) {
      expectUnreadable(await agent.post('/registrations', newPerson({ [field]: value })), field);
    }
  });

  it('is refused in a profile change', async () => {
    const { agent, person } = await registerAccount(app, 41);
    expectUnreadable(await agent.patch('/me', { firstName: `Lucía${NUL}`, surnames: person.surnames, email: person.email, phone: person.phone }), 'firstName');
  });

  it('is refused in a query string and in a path parameter', async () => {
    expectUnreadable(await app.inject({ method: 'GET', url: '/api/v1/dev/outbox?destination=ana%00%40correo.es' }), 'destination');
    expectUnreadable(await app.inject({ method: 'GET', url: '/api/v1/dev/outbox?destination=%1B%5B31m' }), 'destination');
    const agent = createAgent(app, 41);
    expectUnreadable(await agent.post('/registrations/abc%00def/resend'), 'registrationId');
    expectUnreadable(await agent.get('/activations/abc%01def'), 'token');
  });

  it('is refused when it comes as a lone surrogate escaped in the JSON', async () => {
    const agent = createAgent(app, 41);
    const response = await agent.post('/session', undefined, {
      headers: { 'content-type': 'application/json' },
      body: '{"identifier":"ana\\ud800@correo.es","password":"Velero-en-la-rada-42"}',
    });
    expectUnreadable(response, 'identifier');
  });

  it('still lets emoji, accents, tabs and line breaks through', () => {
    expect(unreadableTextErrors({ notes: 'Amarre 12\r\n\tpantalán B', boat: 'Ñandú 🚤' })).toEqual([]);
  });

  it('names nested fields, list items and keys by their path', () => {
    const fields = unreadableTextErrors({ boat: { name: `Mistral${NUL}`, crew: ['Ana', `Pau${BELL}`] }, [`x${NUL}`]: 1 }).map((error) => error.field);
    expect(fields.sort()).toEqual(['boat.crew.1', 'boat.name', 'body']);
    expect(unreadableTextErrors({ destination: `a${NUL}` }, 'query').map((error) => error.field)).toEqual(['destination']);
  });
});
