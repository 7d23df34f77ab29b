import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../config.ts';
import { registerAccount } from '../test/accounts.ts';
import { signInStaff } from '../test/staff.ts';
import { useTestServer } from '../test/test-server.ts';
import { registerOpenApi } from './openapi.ts';

let app: FastifyInstance;

useTestServer((server) => ({ app } = server));

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}

/** Every operation of the document, as `GET /api/v1/boats` with its object. */
async function operations(): Promise<Array<[string, Operation]>> {
  const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

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
      '/api/v1/events',
      '/api/v1/health',
      '/api/v1/launch-days',
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
      '/api/v1/notification-preferences',
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
      '/api/v1/push/key',
      '/api/v1/push/subscriptions',
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
    expect(getClient.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'x-client-id', required: true }),
    );
    expect(getClient.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Marina',
    });
    expect(document.components.schemas.Marina.properties.settings).toEqual({
      $ref: '#/components/schemas/ClientSettings',
    });
    expect(getClient.responses['400'].content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
    expect(document.components.schemas.Problem.required).toEqual(['type', 'title', 'status', 'code']);
    expect(document.paths['/api/v1/session'].get.security).toEqual([{ session: [] }]);
    expect(document.components.schemas.SessionInfo.properties.account).toEqual({
      $ref: '#/components/schemas/AccountSummary',
    });
  });

  it('documents the Idempotency-Key of creating calls', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const path of [
      '/api/v1/registrations',
      '/api/v1/password-resets',
      '/api/v1/activations',
      '/api/v1/contracts',
      '/api/v1/launches',
      '/api/v1/outings',
    ]) {
      expect(document.paths[path].post.parameters, path).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
      );
    }
  });

  it('documents every boats, contracts, data validation and staff answer with an example', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    for (const name of [
      'Boat',
      'Contract',
      'StaffBoat',
      'StaffContract',
      'StaffCustomer',
      'StaffSettings',
      'DataValidationStatus',
    ]) {
      expect(document.components.schemas[name].examples, name).toHaveLength(1);
    }
    expect(
      document.paths['/api/v1/staff/contracts/{id}/approve'].post.responses['409'].content['application/problem+json'],
    ).toBeDefined();
    expect(
      document.paths['/api/v1/boats/{id}/insurance-certificate'].get.responses['200'].content['application/pdf'],
    ).toBeDefined();
    expect(
      document.paths['/api/v1/staff/settings'].patch.requestBody.content['application/json'].schema.properties
        .slotCapacity,
    ).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
  });

  it('tells a card check’s client how to draw a code that proves nothing apart from a red card', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const check = document.components.schemas.CardCheck;
    expect(check.required).toEqual(expect.arrayContaining(['valid', 'codeStale']));
    expect(check.properties.codeStale).toMatchObject({ type: 'boolean' });
    expect(check.properties.codeStale.description).toMatch(/amber, not red/);
    expect(check.properties.valid.description).toMatch(/`codeStale: true`/);
    // Its example is a red card proven by its code, with its reasons.
    expect(check.examples[0]).toMatchObject({ valid: false, codeStale: false });
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
    const code =
      document.paths['/api/v1/registrations/{registrationId}/validate'].post.requestBody.content['application/json']
        .schema;
    expect(code.properties.code).toMatchObject({ type: 'string', pattern: '^\\d{6}$' });
    // An outing's body: derived from core's outingSchema, the departure optional, the skipper explained.
    const outing = document.paths['/api/v1/outings'].post.requestBody.content['application/json'].schema;
    expect(outing.required).toEqual(
      expect.arrayContaining(['boatId', 'expectedReturn', 'people', 'skipper', 'destination', 'contactPhone']),
    );
    expect(outing.required).not.toContain('departure');
    expect(outing.properties).toMatchObject({
      expectedReturn: { type: 'string', format: 'date-time' },
      people: { minimum: 1, maximum: 30 },
      destination: { maxLength: 200 },
      skipper: { type: 'string', description: expect.stringMatching(/authorisation/) },
    });
    expect(
      document.paths['/api/v1/outings/{id}/extend'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['expectedReturn']);
  });

  it('documents the body of every route that checks one, and only of those', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operations = Object.entries(
      document.paths as Record<string, Record<string, { requestBody?: unknown }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({
          method: method.toUpperCase() as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          path,
          documented: operation.requestBody !== undefined,
        })),
    );
    expect(operations.filter((operation) => operation.documented).length).toBeGreaterThanOrEqual(17);
    const found = await Promise.all(
      operations.map(async ({ method, path, documented }) => {
        // Signed in, with a fresh account each, as some calls end the session or the account; staff for theirs.
        const agent = path.startsWith('/api/v1/staff/')
          ? await signInStaff(app, 901)
          : (await registerAccount(app, 901)).agent;
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

describe('the contract generated clients read (decision 041)', () => {
  it('names every operation once, with the id a client calls it by', async () => {
    const named = await operations();
    const ids = named.map(([, operation]) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    // Stable: renaming one renames a method in every generated client, so it is a change to make here on purpose.
    expect(Object.fromEntries(named.map(([name, operation]) => [name, operation.operationId]))).toEqual({
      'GET /api/v1/health': 'getHealth',
      'GET /api/v1/client': 'getClient',
      'GET /api/v1/session': 'getSession',
      'POST /api/v1/session': 'signIn',
      'DELETE /api/v1/session': 'signOut',
      'POST /api/v1/session/revoke-all': 'signOutEverywhere',
      'POST /api/v1/registrations': 'startRegistration',
      'POST /api/v1/registrations/{registrationId}/resend': 'resendRegistrationCode',
      'POST /api/v1/registrations/{registrationId}/validate': 'validateRegistrationCode',
      'GET /api/v1/activations/{token}': 'getActivation',
      'POST /api/v1/activations': 'activateAccount',
      'POST /api/v1/password-resets': 'requestPasswordReset',
      'POST /api/v1/password-resets/{resetId}/resend': 'resendPasswordResetCode',
      'POST /api/v1/password-resets/{resetId}/complete': 'completePasswordReset',
      'GET /api/v1/me': 'getAccount',
      'PATCH /api/v1/me': 'updateProfile',
      'DELETE /api/v1/me': 'deleteAccount',
      'POST /api/v1/me/contact-changes/{changeId}/resend': 'resendContactChangeCode',
      'POST /api/v1/me/contact-changes/{changeId}/confirm': 'confirmContactChange',
      'POST /api/v1/me/email-confirmation': 'sendEmailConfirmation',
      'POST /api/v1/me/email-confirmation/confirm': 'confirmEmail',
      'POST /api/v1/me/password': 'changePassword',
      'GET /api/v1/notifications': 'listNotifications',
      'POST /api/v1/notifications/{id}/read': 'markNotificationRead',
      'POST /api/v1/notifications/read-all': 'markAllNotificationsRead',
      'GET /api/v1/push/key': 'getPushKey',
      'POST /api/v1/push/subscriptions': 'storePushSubscription',
      'DELETE /api/v1/push/subscriptions': 'removePushSubscription',
      'GET /api/v1/push/subscriptions': 'listPushSubscriptions',
      'GET /api/v1/notification-preferences': 'getNotificationPreferences',
      'PUT /api/v1/notification-preferences': 'setNotificationPreference',
      'GET /api/v1/events': 'openLiveEvents',
      'GET /api/v1/boats': 'listBoats',
      'GET /api/v1/boats/{id}': 'getBoat',
      'PATCH /api/v1/boats/{id}': 'updateBoat',
      'PUT /api/v1/boats/{id}/insurance-certificate': 'uploadInsuranceCertificate',
      'GET /api/v1/boats/{id}/insurance-certificate': 'downloadInsuranceCertificate',
      'GET /api/v1/contracts': 'listContracts',
      'POST /api/v1/contracts': 'requestContract',
      'GET /api/v1/data-validation': 'getDataValidation',
      'POST /api/v1/data-validation': 'confirmDataValidation',
      'GET /api/v1/launch-slots': 'listLaunchSlots',
      'GET /api/v1/launch-days': 'listLaunchDays',
      'GET /api/v1/launches': 'listLaunches',
      'POST /api/v1/launches': 'createLaunch',
      'GET /api/v1/launches/{id}': 'getLaunch',
      'POST /api/v1/launches/{id}/reschedule': 'rescheduleLaunch',
      'POST /api/v1/launches/{id}/cancel': 'cancelLaunch',
      'POST /api/v1/launches/{id}/ready-to-stow': 'markLaunchReadyToStow',
      'GET /api/v1/launches/{id}/calendar.ics': 'getLaunchCalendarEvent',
      'GET /api/v1/authorisations': 'listAuthorisations',
      'POST /api/v1/authorisations': 'createAuthorisation',
      'GET /api/v1/authorisations/{id}': 'getAuthorisation',
      'POST /api/v1/authorisations/{id}/validate': 'validateAuthorisation',
      'POST /api/v1/authorisations/{id}/resend': 'resendAuthorisationCode',
      'POST /api/v1/authorisations/{id}/withdraw': 'withdrawAuthorisation',
      'POST /api/v1/authorisations/{id}/suspend': 'suspendAuthorisation',
      'POST /api/v1/authorisations/{id}/reactivate': 'reactivateAuthorisation',
      'POST /api/v1/authorisations/{id}/reschedule': 'rescheduleAuthorisation',
      'GET /api/v1/card': 'getCard',
      'POST /api/v1/card/reissue': 'reissueCard',
      'GET /api/v1/cards/{idTarjeta}/check': 'checkCard',
      'GET /api/v1/outing-options': 'getOutingOptions',
      'GET /api/v1/outings': 'listOutings',
      'POST /api/v1/outings': 'createOuting',
      'GET /api/v1/outings/{id}': 'getOuting',
      'POST /api/v1/outings/{id}/return': 'markOutingReturned',
      'POST /api/v1/outings/{id}/extend': 'extendOuting',
      'GET /api/v1/staff/customers': 'staffListCustomers',
      'GET /api/v1/staff/customers/{id}': 'staffGetCustomer',
      'GET /api/v1/staff/boats': 'staffListBoats',
      'GET /api/v1/staff/boats/{id}': 'staffGetBoat',
      'PATCH /api/v1/staff/boats/{id}': 'staffUpdateBoat',
      'GET /api/v1/staff/contracts': 'staffListContracts',
      'POST /api/v1/staff/contracts/{id}/approve': 'staffApproveContract',
      'POST /api/v1/staff/contracts/{id}/reject': 'staffRejectContract',
      'GET /api/v1/staff/settings': 'staffGetSettings',
      'PATCH /api/v1/staff/settings': 'staffUpdateSettings',
      'GET /api/v1/staff/launches': 'staffListLaunches',
      'POST /api/v1/staff/launches/{id}/confirm': 'staffConfirmLaunch',
      'POST /api/v1/staff/launches/{id}/reject': 'staffRejectLaunch',
      'POST /api/v1/staff/launches/{id}/in-water': 'staffMarkLaunchInWater',
      'POST /api/v1/staff/launches/{id}/complete': 'staffCompleteLaunch',
      'POST /api/v1/staff/launches/{id}/cancel': 'staffCancelLaunch',
      'POST /api/v1/staff/closures': 'staffCreateClosure',
      'GET /api/v1/staff/outings': 'staffListOutings',
      'POST /api/v1/staff/outings/{id}/return': 'staffMarkOutingReturned',
    });
  });

  it('says which operations need no session, and every other one documents the 401 it answers without one', async () => {
    const named = await operations();
    const anonymous = (operation: Operation) =>
      operation.security!.length === 0 ||
      operation.security!.some((requirement) => Object.keys(requirement).length === 0);
    for (const [name, operation] of named) expect(Array.isArray(operation.security), name).toBe(true);
    expect(named.filter(([, operation]) => anonymous(operation)).map(([, operation]) => operation.operationId)).toEqual(
      [
        'getHealth',
        'getClient',
        'signIn',
        'signOut',
        'startRegistration',
        'resendRegistrationCode',
        'validateRegistrationCode',
        'getActivation',
        'activateAccount',
        'requestPasswordReset',
        'resendPasswordResetCode',
        'completePasswordReset',
        'getPushKey',
        'checkCard',
      ],
    );
    for (const [name, operation] of named) {
      if (!anonymous(operation)) expect(operation.security, name).toEqual([{ session: [] }]);
      if (!anonymous(operation)) expect(Object.keys(operation.responses), name).toContain('401');
    }
  });

  it('names its server, relative to where the document was read, and its licence', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-Proprietary' });
  });

  async function serverWith(declare: (server: FastifyInstance) => void) {
    const server = Fastify();
    await registerOpenApi(server);
    try {
      declare(server);
      await server.ready();
    } finally {
      await server.close();
    }
  }

  it('cannot be forgotten on a documented route: the server does not start', async () => {
    const handler = async () => ({});
    await expect(serverWith((server) => server.get('/boats', { schema: { security: [] } }, handler))).rejects.toThrow(
      'GET /boats: declare schema.operationId, a stable camelCase verb and nouns (listBoats, createLaunch)',
    );
    await expect(serverWith((server) => server.get('/boats', handler))).rejects.toThrow(
      /GET \/boats: declare schema.operationId/,
    );
    await expect(
      serverWith((server) => server.get('/boats', { schema: { operationId: 'list_boats', security: [] } }, handler)),
    ).rejects.toThrow(/not "list_boats"/);
    await expect(
      serverWith((server) => server.get('/boats', { schema: { operationId: 'listBoats' } }, handler)),
    ).rejects.toThrow('GET /boats: declare schema.security, [{ session: [] }] or [] for a call that needs no session');
    await expect(
      serverWith((server) => {
        server.get('/boats', { schema: { operationId: 'listBoats', security: [] } }, handler);
        server.get('/my-boats', { schema: { operationId: 'listBoats', security: [] } }, handler);
      }),
    ).rejects.toThrow("GET /my-boats: operationId listBoats is already GET /boats's");
    // Hidden routes (development tools, the document itself) are not in the contract; HEAD is a GET's twin.
    await expect(
      serverWith((server) => {
        server.get('/dev/outbox', { schema: { hide: true } }, handler);
        server.get('/boats', { schema: { operationId: 'listBoats', security: [{ session: [] }] } }, handler);
      }),
    ).resolves.toBeUndefined();
  });
});
