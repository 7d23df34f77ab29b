import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../config.ts';
import { registerAccount } from '../test/accounts.ts';
import { signInStaff } from '../test/staff.ts';
import { useTestServer } from '../test/test-server.ts';

let app: FastifyInstance;

useTestServer((server) => ({ app } = server));

describe('GET /api/v1/openapi.json', () => {
  it('documents the real routes without naming a client', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toMatchObject({ title: 'Marina platform API', version: API_VERSION });
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/v1/activations',
      '/api/v1/activations/{token}',
      '/api/v1/authorisations',
      '/api/v1/authorisations/{id}',
      '/api/v1/authorisations/{id}/reactivate',
      '/api/v1/authorisations/{id}/reschedule',
      '/api/v1/authorisations/{id}/resend',
      '/api/v1/authorisations/{id}/suspend',
      '/api/v1/authorisations/{id}/validate',
      '/api/v1/authorisations/{id}/withdraw',
      '/api/v1/boats',
      '/api/v1/boats/{id}',
      '/api/v1/boats/{id}/insurance-certificate',
      '/api/v1/card',
      '/api/v1/card/reissue',
      '/api/v1/cards/{idTarjeta}/check',
      '/api/v1/client',
      '/api/v1/contracts',
      '/api/v1/data-validation',
      '/api/v1/health',
      '/api/v1/launch-slots',
      '/api/v1/launches',
      '/api/v1/launches/{id}',
      '/api/v1/launches/{id}/calendar.ics',
      '/api/v1/launches/{id}/cancel',
      '/api/v1/launches/{id}/ready-to-stow',
      '/api/v1/launches/{id}/reschedule',
      '/api/v1/me',
      '/api/v1/me/contact-changes/{changeId}/confirm',
      '/api/v1/me/contact-changes/{changeId}/resend',
      '/api/v1/me/email-confirmation',
      '/api/v1/me/email-confirmation/confirm',
      '/api/v1/me/password',
      '/api/v1/notifications',
      '/api/v1/notifications/read-all',
      '/api/v1/notifications/{id}/read',
      '/api/v1/outing-options',
      '/api/v1/outings',
      '/api/v1/outings/{id}',
      '/api/v1/outings/{id}/extend',
      '/api/v1/outings/{id}/return',
      '/api/v1/password-resets',
      '/api/v1/password-resets/{resetId}/complete',
      '/api/v1/password-resets/{resetId}/resend',
      '/api/v1/registrations',
      '/api/v1/registrations/{registrationId}/resend',
      '/api/v1/registrations/{registrationId}/validate',
      '/api/v1/session',
      '/api/v1/session/revoke-all',
      '/api/v1/staff/boats',
      '/api/v1/staff/boats/{id}',
      '/api/v1/staff/closures',
      '/api/v1/staff/contracts',
      '/api/v1/staff/contracts/{id}/approve',
      '/api/v1/staff/contracts/{id}/reject',
      '/api/v1/staff/customers',
      '/api/v1/staff/customers/{id}',
      '/api/v1/staff/launches',
      '/api/v1/staff/launches/{id}/cancel',
      '/api/v1/staff/launches/{id}/complete',
      '/api/v1/staff/launches/{id}/confirm',
      '/api/v1/staff/launches/{id}/in-water',
      '/api/v1/staff/launches/{id}/reject',
      '/api/v1/staff/outings',
      '/api/v1/staff/outings/{id}/return',
      '/api/v1/staff/settings',
    ]);
  });

  it('describes headers, responses and problems', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const getClient = document.paths['/api/v1/client'].get;
    expect(getClient.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'x-client-id', required: true }));
    expect(getClient.responses['200'].content['application/json'].schema.properties.settings).toEqual({
      $ref: '#/components/schemas/ClientSettings',
    });
    expect(getClient.responses['400'].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
    expect(document.components.schemas.Problem.required).toEqual(['type', 'title', 'status', 'code']);
    expect(document.paths['/api/v1/session'].get.security).toEqual([{ session: [] }]);
    expect(document.components.schemas.SessionInfo.properties.account).toEqual({ $ref: '#/components/schemas/AccountSummary' });
  });

  it('documents the Idempotency-Key of creating calls', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of ['/api/v1/registrations', '/api/v1/password-resets', '/api/v1/activations', '/api/v1/contracts', '/api/v1/launches', '/api/v1/outings']) {
      expect(document.paths[path].post.parameters, path).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }));
    }
  });

  it('documents every boats, contracts, data validation and staff answer with an example', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const name of ['Boat', 'Contract', 'StaffBoat', 'StaffContract', 'StaffCustomer', 'StaffSettings', 'DataValidationStatus']) {
      expect(document.components.schemas[name].examples, name).toHaveLength(1);
    }
    expect(document.paths['/api/v1/staff/contracts/{id}/approve'].post.responses['409'].content['application/problem+json']).toBeDefined();
    expect(document.paths['/api/v1/boats/{id}/insurance-certificate'].get.responses['200'].content['application/pdf']).toBeDefined();
    expect(document.paths['/api/v1/staff/settings'].patch.requestBody.content['application/json'].schema.properties.slotCapacity).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
  });

  it('shows the real rules of a body, derived from the yup schema that checks it', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const body = document.paths['/api/v1/registrations'].post.requestBody;
    expect(body.required).toBe(true);
    expect(body.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['firstName', 'surnames', 'document', 'email', 'phone', 'acceptPrivacy'],
      properties: {
        firstName: { type: 'string', minLength: 1, maxLength: 60 },
        surnames: { type: 'string', minLength: 1, maxLength: 60 },
        document: { type: 'string', minLength: 1, description: expect.stringMatching(/DNI or NIE/) },
        email: { type: 'string', format: 'email', maxLength: 254 },
        phone: { type: 'string', minLength: 1 },
        acceptPrivacy: { type: 'boolean', enum: [true] },
      },
    });
    const code = document.paths['/api/v1/registrations/{registrationId}/validate'].post.requestBody.content['application/json'].schema;
    expect(code.properties.code).toMatchObject({ type: 'string', pattern: '^\\d{6}$' });
    // An outing's body: derived from core's outingSchema, the departure optional, the skipper explained.
    const outing = document.paths['/api/v1/outings'].post.requestBody.content['application/json'].schema;
    expect(outing.required).toEqual(expect.arrayContaining(['boatId', 'expectedReturn', 'people', 'skipper', 'destination', 'contactPhone']));
    expect(outing.required).not.toContain('departure');
    expect(outing.properties).toMatchObject({
      expectedReturn: { type: 'string', format: 'date-time' },
      people: { minimum: 1, maximum: 30 },
      destination: { maxLength: 200 },
      skipper: { type: 'string', description: expect.stringMatching(/authorisation/) },
    });
    expect(document.paths['/api/v1/outings/{id}/extend'].post.requestBody.content['application/json'].schema.required).toEqual(['expectedReturn']);
  });

  it('documents the body of every route that checks one, and only of those', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, { requestBody?: unknown }>>).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase() as 'POST' | 'PUT' | 'PATCH' | 'DELETE', path, documented: operation.requestBody !== undefined })),
    );
    expect(operations.filter((operation) => operation.documented).length).toBeGreaterThanOrEqual(17);
    const found = await Promise.all(
      operations.map(async ({ method, path, documented }) => {
        // Signed in, with a fresh account each, as some calls end the session or the account; staff for theirs.
        const agent = path.startsWith('/api/v1/staff/') ? await signInStaff(app, 41) : (await registerAccount(app, 41)).agent;
        const url = path.replace(/^\/api\/v1/, '').replace(/\{[^}]+\}/g, () => crypto.randomUUID());
        // A list where the body's object goes: a route that checks its body says so before anything else.
        const response = await agent.request(method, url, { body: [] });
        const checksBody = response.statusCode === 400 && response.json().errors?.[0]?.field === 'body';
        return { operation: `${method} ${path}`, documented, checksBody };
      }),
    );
    expect(found.filter(({ documented, checksBody }) => documented !== checksBody)).toEqual([]);
  });
});
