import { codeSchema, registrationSchema, signInSchema } from '@marina/core/domain/account-rules.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { latestCode, newPerson, registerAccount } from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';
import { errorHandler } from './error-handler.ts';
import {
  bodyFrom,
  requireDerivedBodies,
  typedBodyValidators,
  unreadableTextErrors,
  validateBody,
} from './validation.ts';

let app: FastifyInstance;

useTestServer((server) => ({ app } = server));

const NUL = '\u0000';
const BELL = '\u0007';
const LONE_SURROGATE = '\ud800';

/** The answer must name `field`, in Spanish, with the stable code, and never be a 500. */
function expectUnreadable(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  field: string,
) {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
  expect(response.json()).toMatchObject({
    code: 'validation_failed',
    errors: [
      { field, code: 'invalid_characters', message: expect.stringMatching(/^Contiene caracteres que no se admiten/) },
    ],
  });
}

describe('text no one types', () => {
  it('is refused in the sign-in and recovery bodies, naming the field', async () => {
    const agent = createAgent(app, 901);
    expectUnreadable(
      await agent.post('/session', { identifier: `ana${NUL}@correo.es`, password: 'Velero-en-la-rada-42' }),
      'identifier',
    );
    expectUnreadable(
      await agent.post('/session', { identifier: 'ana@correo.es', password: `Velero${NUL}` }),
      'password',
    );
    expectUnreadable(await agent.post('/password-resets', { identifier: `12345678Z${NUL}` }), 'identifier');
  });

  it('is refused in registration names and in every other field of the form', async () => {
    const agent = createAgent(app, 901);
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
    const { agent, person } = await registerAccount(app, 901);
    expectUnreadable(
      await agent.patch('/me', {
        firstName: `Lucía${NUL}`,
        surnames: person.surnames,
        email: person.email,
        phone: person.phone,
      }),
      'firstName',
    );
  });

  it('is refused in a query string and in a path parameter', async () => {
    expectUnreadable(
      await app.inject({ method: 'GET', url: '/api/v1/dev/outbox?destination=ana%00%40correo.es' }),
      'destination',
    );
    expectUnreadable(
      await app.inject({ method: 'GET', url: '/api/v1/dev/outbox?destination=%1B%5B31m' }),
      'destination',
    );
    const agent = createAgent(app, 901);
    expectUnreadable(await agent.post('/registrations/abc%00def/resend'), 'registrationId');
    expectUnreadable(await agent.get('/activations/abc%01def'), 'token');
  });

  it('is refused when it comes as a lone surrogate escaped in the JSON', async () => {
    const agent = createAgent(app, 901);
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
    const fields = unreadableTextErrors({
      boat: { name: `Mistral${NUL}`, crew: ['Ana', `Pau${BELL}`] },
      [`x${NUL}`]: 1,
    }).map((error) => error.field);
    expect(fields.sort()).toEqual(['boat.crew.1', 'boat.name', 'body']);
    expect(unreadableTextErrors({ destination: `a${NUL}` }, 'query').map((error) => error.field)).toEqual([
      'destination',
    ]);
  });
});

describe('wrong JSON types', () => {
  type Field = [name: string, type: 'string' | 'boolean'];
  const strings = (...names: string[]): Field[] => names.map((name) => [name, 'string']);
  const ROUTES: { method: 'POST' | 'PATCH' | 'DELETE'; path: string; fields: Field[] }[] = [
    { method: 'POST', path: '/session', fields: strings('identifier', 'password') },
    {
      method: 'POST',
      path: '/registrations',
      fields: [...strings('firstName', 'surnames', 'document', 'email', 'phone'), ['acceptPrivacy', 'boolean']],
    },
    { method: 'POST', path: `/registrations/${crypto.randomUUID()}/validate`, fields: strings('code') },
    { method: 'POST', path: '/activations', fields: [...strings('token', 'password'), ['acceptTerms', 'boolean']] },
    { method: 'POST', path: '/password-resets', fields: strings('identifier') },
    { method: 'POST', path: `/password-resets/${crypto.randomUUID()}/complete`, fields: strings('code', 'password') },
    { method: 'PATCH', path: '/me', fields: strings('firstName', 'surnames', 'email', 'phone') },
    { method: 'POST', path: `/me/contact-changes/${crypto.randomUUID()}/confirm`, fields: strings('code') },
    { method: 'POST', path: '/me/password', fields: strings('currentPassword', 'newPassword') },
    {
      method: 'DELETE',
      path: '/me',
      fields: [
        ['password', 'string'],
        ['confirm', 'boolean'],
      ],
    },
  ];

  it.each(ROUTES)('are refused field by field on $method $path, never coerced', async ({ method, path, fields }) => {
    const { agent } = await registerAccount(app, 901);
    // What a careless or hostile client sends: a list where text is expected, text where a yes/no is.
    const body = Object.fromEntries(fields.map(([name, type]) => [name, type === 'string' ? ['12345678Z'] : 'true']));
    const response = await agent.request(method, path, { body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    const problem = response.json();
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toEqual(
      fields.map(([name, type]) => ({
        field: name,
        code: 'invalid_type',
        message: type === 'string' ? 'Debe ser un texto.' : 'Debe ser verdadero o falso.',
      })),
    );
  });

  it('are refused by validateBody itself, for a route without a JSON schema', async () => {
    const valid = newPerson();
    await expect(
      validateBody(registrationSchema, { ...valid, firstName: ['Lucía'], phone: 612345678, acceptPrivacy: 'true' }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [
        { field: 'firstName', code: 'invalid_type', message: 'Debe ser un texto.' },
        { field: 'phone', code: 'invalid_type', message: 'Debe ser un texto.' },
        { field: 'acceptPrivacy', code: 'invalid_type', message: 'Debe ser verdadero o falso.' },
      ],
    });
    await expect(validateBody(signInSchema, [{ identifier: 'a', password: 'b' }])).rejects.toMatchObject({
      errors: [{ field: 'body', code: 'invalid_type', message: 'Debe ser un objeto.' }],
    });
  });

  it('are refused for dates too: a date is ISO 8601 text, never a number cast to one', async () => {
    const schema = yup.object({ launchDay: yup.date().required('Elige el día de la botadura.') });
    await expect(validateBody(schema, { launchDay: 1_767_225_600_000 })).rejects.toMatchObject({
      errors: [{ field: 'launchDay', code: 'invalid_type', message: 'Debe ser una fecha (AAAA-MM-DD).' }],
    });
    expect(await validateBody(schema, { launchDay: '2026-01-01' })).toEqual({ launchDay: new Date('2026-01-01') });
  });

  it('leave the forms’ normalising in place', async () => {
    const person = newPerson({ email: ' Lucia.Pons@Correo.Example ', phone: '612 345 678', firstName: '  Lucía ' });
    expect(await validateBody(registrationSchema, person)).toMatchObject({
      firstName: 'Lucía',
      email: 'lucia.pons@correo.example',
      phone: '+34612345678',
    });
  });
});

describe('bodies described by their yup schema', () => {
  it('are checked by yup alone: what a rule normalises goes through, though the document shows the normal form', async () => {
    const person = newPerson();
    const agent = createAgent(app, 901);
    // The document says: e-mail format, a code of six digits. A person types spaces and capitals.
    const started = await agent.post('/registrations', {
      ...person,
      email: ` ${person.email.toUpperCase()} `,
      phone: person.phone.replace(/^\+34(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3'),
      document: person.document.toLowerCase().replace(/^(\d{2})(\d{3})/, '$1.$2.'),
    });
    expect(started.statusCode, started.body).toBe(202);
    const code = await latestCode(app, person.phone);
    const validated = await agent.post(`/registrations/${started.json().registrationId}/validate`, {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(validated.statusCode, validated.body).toBe(200);
  });

  it('answer with the rules’ Spanish messages, one per field', async () => {
    const { surnames: _left, ...person } = newPerson({ firstName: 'L'.repeat(61) });
    const response = await createAgent(app, 901).post('/registrations', person);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'firstName', code: 'invalid', message: 'Como mucho 60 caracteres.' },
      { field: 'surnames', code: 'invalid', message: 'Escribe tus apellidos.' },
    ]);
  });

  /** A bare server with the API's validator rules, and the routes `declare` adds. */
  async function serverWith(declare: (app: FastifyInstance) => void) {
    const server = Fastify({ schemaController: { compilersFactory: { buildValidator: typedBodyValidators() } } });
    server.setErrorHandler(errorHandler);
    requireDerivedBodies(server);
    declare(server);
    await server.ready();
    return server;
  }

  it('cannot be written by hand on a documented route: the server does not start', async () => {
    const handWritten = { type: 'object', properties: { code: { type: 'string' } } };
    await expect(
      serverWith((server) => server.post('/codes', { schema: { body: handWritten } }, async () => ({}))),
    ).rejects.toThrow('POST /codes: describe the body with bodyFrom(<its yup schema>), not by hand');
    const server = await serverWith((server) =>
      server.post('/codes', { schema: { body: bodyFrom(codeSchema) } }, async (request) => request.body),
    );
    // Not checked by ajv: the handler's yup schema decides (a list here would be refused by validateBody).
    const response = await server.inject({ method: 'POST', url: '/codes', payload: { code: ['123456'] } });
    expect(response.json()).toEqual({ code: ['123456'] });
    await server.close();
  });

  it('may be written by hand on a hidden development route, and are then checked without coercion', async () => {
    const server = await serverWith((server) =>
      server.post(
        '/dev/tool',
        {
          schema: {
            hide: true,
            body: { type: 'object', properties: { destination: { type: 'string' } }, required: ['destination'] },
          },
        },
        async (request) => request.body,
      ),
    );
    const response = await server.inject({ method: 'POST', url: '/dev/tool', payload: { destination: ['612345678'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'destination', code: 'invalid_type', message: 'Debe ser un texto.' },
    ]);
    await server.close();
  });
});
