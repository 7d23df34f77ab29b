import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../config.ts';
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
      '/api/v1/client',
      '/api/v1/health',
      '/api/v1/me',
      '/api/v1/me/contact-changes/{changeId}/confirm',
      '/api/v1/me/contact-changes/{changeId}/resend',
      '/api/v1/me/email-confirmation',
      '/api/v1/me/email-confirmation/confirm',
      '/api/v1/me/password',
      '/api/v1/notifications',
      '/api/v1/notifications/read-all',
      '/api/v1/notifications/{id}/read',
      '/api/v1/password-resets',
      '/api/v1/password-resets/{resetId}/complete',
      '/api/v1/password-resets/{resetId}/resend',
      '/api/v1/registrations',
      '/api/v1/registrations/{registrationId}/resend',
      '/api/v1/registrations/{registrationId}/validate',
      '/api/v1/session',
      '/api/v1/session/revoke-all',
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
    for (const path of ['/api/v1/registrations', '/api/v1/password-resets', '/api/v1/activations']) {
      expect(document.paths[path].post.parameters, path).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }));
    }
  });
});
