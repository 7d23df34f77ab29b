import { DEFAULT_CLIENT_SETTINGS } from '@marina/core/domain/marina.ts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';

let app: FastifyInstance;

useTestServer((server) => ({ app } = server));

describe('naming the client', () => {
  it('refuses a call without X-Client-Id with client_required', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/client' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toEqual({
      type: 'urn:marina:problem:client_required',
      title: 'Falta indicar la marina',
      status: 400,
      code: 'client_required',
      detail: 'Indica la marina en la cabecera X-Client-Id.',
    });
  });

  it('refuses an X-Client-Id that is not a number with client_required', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/client',
      headers: { 'x-client-id': '901; drop table' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'client_required' });
  });

  it('refuses an unknown client with unknown_client', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/client', headers: { 'x-client-id': '99' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toMatchObject({ status: 400, code: 'unknown_client', title: 'Marina desconocida' });
  });

  it('answers not_found for an unknown API route whatever the headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('GET /api/v1/client', () => {
  it("gives the named marina's public settings", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/client', headers: { 'x-client-id': '901' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 901,
      app: 'MB901',
      title: 'Marina de Pruebas SMS',
      timeZone: 'Europe/Madrid',
      openingHours: [
        { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
        { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
      ],
      settings: DEFAULT_CLIENT_SETTINGS,
      sendsSms: true,
    });
  });

  it('gives each marina its own time zone', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/client', headers: { 'x-client-id': '902' } });
    expect(response.json()).toMatchObject({
      id: 902,
      title: 'Marina de Pruebas Correo',
      timeZone: 'Atlantic/Canary',
      sendsSms: false,
    });
  });
});
