import { randomUUID } from 'node:crypto';
import { CLIENT_SETTING_RULES, DEFAULT_CLIENT_SETTINGS, type ClientSettings } from '@marina/core/domain/marina.ts';
import type { StaffContract, StaffCustomer, StaffSettings } from '@marina/core/domain/staff.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadClientDirectory } from '../clients/client-directory.ts';
import { FIXTURE_MARINAS_DIR, type TestDatabase } from '../test/test-database.ts';
import { contracts } from '../boats/boats.schema.ts';
import { clients } from '../clients/clients.schema.ts';
import { settingChanges } from './staff.schema.ts';
import { DEMO_NAMES, marinaSeeds, seedClients } from '../db/seed.ts';
import { dayFromToday, newBoatContract, pdfBytes, requestNewBoat } from '../test/boats.ts';
import { eligibleOwner, launchBody } from '../test/launches.ts';
import { outboxFor, registerAccount, type RegisteredAccount } from '../test/accounts.ts';
import { signInStaff } from '../test/staff.ts';
import { createAgent, type Agent } from '../test/test-agent.ts';
import { createTestServer, PROBLEM_JSON, useTestServer } from '../test/test-server.ts';

let database: TestDatabase;
let app: FastifyInstance;
let staff901: Agent;
let staff903: Agent;

useTestServer((server) => ({ database, app } = server));

beforeAll(async () => {
  staff901 = await signInStaff(app, 901);
  staff903 = await signInStaff(app, 903);
});

/** Every staff operation the OpenAPI document lists, with its ids filled in. */
async function staffOperations() {
  const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  return Object.entries(document.paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith('/api/v1/staff/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH',
        path: path.replace('/api/v1', '').replace(/\{[^}]+\}/g, randomUUID()),
      })),
    );
}

async function customerWithRequest(clientId = 901): Promise<RegisteredAccount & { contract: StaffContract }> {
  const account = await registerAccount(app, clientId);
  const contract = await requestNewBoat(account.agent);
  return { ...account, contract: contract as StaffContract };
}

describe('who may call /staff/', () => {
  it('refuses every staff call to a customer (403) and to nobody signed in (401)', async () => {
    const operations = await staffOperations();
    expect(operations.length).toBeGreaterThanOrEqual(10);
    const { agent } = await registerAccount(app, 901);
    for (const { method, path } of operations) {
      const asCustomer = await agent.request(method, path, method === 'GET' ? {} : { body: {} });
      expect(asCustomer.statusCode, `${method} ${path}`).toBe(403);
      expect(asCustomer.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(asCustomer.json().code).toBe('forbidden');
      const anonymous = await createAgent(app, 901).request(method, path, method === 'GET' ? {} : { body: {} });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('gives staff of another marina nothing of this one', async () => {
    const { contract } = await customerWithRequest(901);
    // Their session does not exist at marina 901…
    const crossed = await staff903.request('POST', `/staff/contracts/${contract.id}/approve`, {
      headers: { 'x-client-id': '901' },
    });
    expect(crossed.statusCode).toBe(401);
    // …and at their own marina the contract, the boat and its owner are not there.
    expect((await staff903.post(`/staff/contracts/${contract.id}/approve`)).statusCode).toBe(404);
    expect((await staff903.post(`/staff/contracts/${contract.id}/reject`, { reason: 'No' })).statusCode).toBe(404);
    expect((await staff903.get(`/staff/boats/${contract.boatId}`)).statusCode).toBe(404);
    expect((await staff903.patch(`/staff/boats/${contract.boatId}`, { state: 'maintenance' })).statusCode).toBe(404);
    expect((await staff903.get(`/boats/${contract.boatId}/insurance-certificate`)).statusCode).toBe(404);
    const lists = await Promise.all(
      ['/staff/boats', '/staff/contracts', '/staff/customers'].map((path) => staff903.get(path)),
    );
    for (const list of lists) expect(list.body.includes(contract.boatId)).toBe(false);
    const [row] = await database.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(row!.status).toBe('requested');
  });
});

describe('customers and boats', () => {
  it('lists and reads the marina’s customers, not its staff nor another marina’s', async () => {
    const here = await customerWithRequest(901);
    const there = await registerAccount(app, 903);
    const { customers } = (await staff901.get('/staff/customers')).json() as { customers: StaffCustomer[] };
    const found = customers.find((customer) => customer.id === here.accountId);
    expect(found).toMatchObject({
      email: here.person.email,
      status: 'active',
      dataValidationDue: true,
      boatIds: [here.contract.boatId],
    });
    expect(found!.reasons.map((reason) => reason.code)).toEqual(['data_validation_due']);
    expect(customers.some((customer) => customer.id === there.accountId)).toBe(false);
    expect(customers.some((customer) => customer.email.startsWith('staff@'))).toBe(false);
    expect((await staff901.get(`/staff/customers/${here.accountId}`)).json()).toEqual(found);
    expect((await staff901.get(`/staff/customers/${there.accountId}`)).statusCode).toBe(404);
  });

  it('reads any boat of the marina with its owner, its certificate, and sets its state and rack position', async () => {
    const { agent, accountId, contract } = await customerWithRequest(901);
    expect(
      (await agent.put(`/boats/${contract.boatId}/insurance-certificate`, pdfBytes(), 'application/pdf')).statusCode,
    ).toBe(200);
    const boat = (await staff901.get(`/staff/boats/${contract.boatId}`)).json();
    expect(boat).toMatchObject({ id: contract.boatId, owner: { id: accountId }, contract: { status: 'requested' } });
    expect((await staff901.get('/staff/boats')).json().boats.map((item: { id: string }) => item.id)).toContain(
      contract.boatId,
    );
    const certificate = await staff901.get(`/boats/${contract.boatId}/insurance-certificate`);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.rawPayload.equals(pdfBytes())).toBe(true);

    const changed = await staff901.patch(`/staff/boats/${contract.boatId}`, {
      state: 'maintenance',
      rackPosition: ' B-12 ',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ state: 'maintenance', rackPosition: 'B-12' });
    const seen = (await agent.get(`/boats/${contract.boatId}`)).json();
    expect(seen).toMatchObject({ state: 'maintenance', rackPosition: 'B-12' });
    expect(seen.eligibility.reasons.map((reason: { code: string }) => reason.code)).toContain('boat_in_maintenance');

    const wrong = await staff901.patch(`/staff/boats/${contract.boatId}`, { state: 'flying', lengthM: 3 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.map((error: { field: string }) => error.field)).toEqual(
      expect.arrayContaining(['state']),
    );
  });
});

describe('deciding on contracts', () => {
  it('lists the requested ones and approves one; the customer is told in the app and by SMS', async () => {
    const { agent, person, contract } = await customerWithRequest(901);
    const waiting = (await staff901.get('/staff/contracts?status=requested')).json().contracts as StaffContract[];
    expect(waiting.find((item) => item.id === contract.id)).toMatchObject({
      status: 'requested',
      owner: { firstName: person.firstName },
      boat: { id: contract.boatId },
    });
    expect(
      (await staff901.get('/staff/contracts?status=active'))
        .json()
        .contracts.some((item: StaffContract) => item.id === contract.id),
    ).toBe(false);
    expect((await staff901.get('/staff/contracts?status=nonsense')).statusCode).toBe(400);

    const approved = await staff901.post(`/staff/contracts/${contract.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: contract.id, status: 'active', decidedAt: expect.any(String) });

    const boat = (await agent.get(`/boats/${contract.boatId}`)).json();
    expect(boat.contract.status).toBe('active');
    expect(boat.eligibility.reasons.map((reason: { code: string }) => reason.code)).toEqual(['data_validation_due']);
    const notifications = (await agent.get('/notifications')).json();
    expect(notifications.items[0]).toMatchObject({
      type: 'contract_approved',
      title: 'Contrato aprobado',
      body: expect.stringMatching(
        /^Tu contrato anual para Brisa \d+ está aprobado: del \p{L}+ \d{1,2} de \p{L}+(?: de \d{4})? al /u,
      ),
      link: `/misbarcos/${contract.boatId}`,
    });
    // Marina 901 sends SMS: the message goes to the mobile.
    const [sms] = await outboxFor(app, person.phone);
    expect(sms).toMatchObject({ channel: 'sms', text: expect.stringContaining('aprobado') });

    const twice = await staff901.post(`/staff/contracts/${contract.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('state_conflict');
    expect((await staff901.post(`/staff/contracts/${contract.id}/reject`, { reason: 'Tarde' })).json().code).toBe(
      'state_conflict',
    );
  });

  it('rejects with a reason the customer reads, by e-mail at an e-mail marina', async () => {
    const { agent, person, contract } = await customerWithRequest(902);
    const staff902 = await signInStaff(app, 902);
    const missing = await staff902.post(`/staff/contracts/${contract.id}/reject`, { reason: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'reason' })]);

    const rejected = await staff902.post(`/staff/contracts/${contract.id}/reject`, {
      reason: 'La eslora supera el hueco libre.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'La eslora supera el hueco libre.' });
    const notice = (await agent.get('/notifications')).json().items[0];
    expect(notice).toMatchObject({
      type: 'contract_rejected',
      body: expect.stringContaining('La eslora supera el hueco libre.'),
    });
    const [mail] = await outboxFor(app, person.email);
    expect(mail).toMatchObject({ channel: 'email', text: expect.stringContaining('La eslora supera el hueco libre.') });
    // The boat may be asked for again.
    const { boat: _boat, insurance: _insurance, ...again } = newBoatContract(902);
    expect((await agent.post('/contracts', { ...again, boatId: contract.boatId })).statusCode).toBe(201);
  });

  it('answers 404 for an unknown contract id', async () => {
    expect((await staff901.post(`/staff/contracts/${randomUUID()}/approve`)).statusCode).toBe(404);
    expect((await staff901.post('/staff/contracts/not-a-uuid/approve')).statusCode).toBe(404);
  });
});

describe('settings', () => {
  const clientSettings = async (clientId: number) =>
    (await app.inject({ method: 'GET', url: '/api/v1/client', headers: { 'x-client-id': String(clientId) } })).json()
      .settings;

  it('refuses wrong values and unknown settings with 422 naming each, changing nothing', async () => {
    const before = await clientSettings(901);
    const response = await staff901.patch('/staff/settings', {
      slotCapacity: 0,
      maxBeamM: '5',
      manualApproval: 1,
      maxLengthM: 1.5,
      bogus: 3,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('setting_invalid');
    const errors = response.json().errors as { field: string; message: string }[];
    expect(errors.map((error) => error.field).sort()).toEqual(['bogus', 'manualApproval', 'maxBeamM', 'slotCapacity']);
    expect(errors.find((error) => error.field === 'slotCapacity')!.message).toBe(
      'slotCapacity: debe ser un número entero entre 1 y 50.',
    );
    expect(await clientSettings(901)).toEqual(before);
    expect(await database.db.select().from(settingChanges).where(eq(settingChanges.clientId, 901))).toEqual([]);
  });

  it('applies valid values at once, records who changed what, and keeps them over a restart’s seeding', async () => {
    const defaults903 = await clientSettings(903);
    const response = await staff901.patch('/staff/settings', { slotCapacity: 6, manualApproval: true, maxLengthM: 8 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as StaffSettings;
    expect(answer.settings).toMatchObject({ slotCapacity: 6, manualApproval: true, maxLengthM: 8 });
    expect(answer.changes.map((change) => [change.setting, change.oldValue, change.newValue]).sort()).toEqual([
      ['manualApproval', false, true],
      ['maxLengthM', 12, 8],
      ['slotCapacity', 4, 6],
    ]);
    expect(answer.changes[0]!.changedBy).toMatchObject({ firstName: DEMO_NAMES.staff.firstName });
    expect(await clientSettings(901)).toMatchObject({ slotCapacity: 6, manualApproval: true, maxLengthM: 8 });
    expect(await clientSettings(903)).toEqual(defaults903);
    expect((await staff901.get('/staff/settings')).json()).toEqual(answer);

    // The same value again records nothing.
    await staff901.patch('/staff/settings', { slotCapacity: 6 });
    expect(await database.db.select().from(settingChanges).where(eq(settingChanges.clientId, 901))).toHaveLength(3);

    // The new limit is the one contracts are checked against.
    const { agent } = await registerAccount(app, 901);
    const tooLong = await agent.post(
      '/contracts',
      newBoatContract(901, { boat: { ...newBoatContract(901).boat, lengthM: 9 } }),
    );
    expect(tooLong.json().errors).toEqual([
      expect.objectContaining({ field: 'boat.lengthM', message: expect.stringContaining('8 m') }),
    ]);

    // A start seeds every folder again: staff's values stay.
    await seedClients(database.db, await marinaSeeds(FIXTURE_MARINAS_DIR));
    expect((await loadClientDirectory(database.db)).get(901)!.settings).toMatchObject({
      slotCapacity: 6,
      maxLengthM: 8,
    });
    await staff901.patch('/staff/settings', { maxLengthM: 12 });
  });

  it('reach another instance on the same database within its refresh', async () => {
    const secondConnection = await database.connectAgain();
    const other = await createTestServer(secondConnection, { clientsRefreshMs: 50 });
    try {
      const settingsThere = async () =>
        (await other.inject({ method: 'GET', url: '/api/v1/client', headers: { 'x-client-id': '901' } })).json()
          .settings;
      expect((await settingsThere()).changeCutoffMinutes).toBe(60);
      expect((await staff901.patch('/staff/settings', { changeCutoffMinutes: 90 })).statusCode).toBe(200);
      await expect
        .poll(async () => (await settingsThere()).changeCutoffMinutes, { timeout: 3000, interval: 50 })
        .toBe(90);
    } finally {
      await other.close();
      await secondConnection.close();
    }
  });

  it('applies 100 parallel changes one after the other, each recording the value it replaced', async () => {
    // maxAdvanceDays, whose range (1 to 365) holds 100 different values.
    const before = (await clientSettings(901)).maxAdvanceDays as number;
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => staff901.patch('/staff/settings', { maxAdvanceDays: 100 + index })),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const recorded = await database.db
      .select()
      .from(settingChanges)
      .where(and(eq(settingChanges.clientId, 901), eq(settingChanges.setting, 'maxAdvanceDays')))
      .orderBy(asc(settingChanges.id));
    const burst = recorded.slice(-100);
    expect(burst).toHaveLength(100);
    expect(burst[0]!.oldValue).toBe(before);
    // Without the row lock two changes would read the same value and the chain would break.
    for (let index = 1; index < burst.length; index++) expect(burst[index]!.oldValue).toBe(burst[index - 1]!.newValue);
    expect((await clientSettings(901)).maxAdvanceDays).toBe(burst[99]!.newValue);
  });
});

describe('the range of each setting (docs/product.md §4.1)', () => {
  const ranged = Object.entries(CLIENT_SETTING_RULES).flatMap(([key, rule]) =>
    rule.type === 'boolean' ? [] : [{ key, ...rule }],
  );
  const kind = (type: string) => (type === 'integer' ? 'un número entero' : 'un número');

  it.each(ranged)(
    'takes $key at $minimum and $maximum and refuses one past either end with 422 naming it',
    async ({ key, type, minimum, maximum }) => {
      const staff902 = await signInStaff(app, 902);
      for (const value of [minimum - 1, maximum + 1, 2147483648]) {
        const refused = await staff902.patch('/staff/settings', { [key]: value });
        expect(refused.statusCode, `${key}: ${value}`).toBe(422);
        expect(refused.json()).toMatchObject({
          code: 'setting_invalid',
          errors: [
            {
              field: key,
              code: 'setting_invalid',
              message: `${key}: debe ser ${kind(type)} entre ${minimum} y ${maximum}.`,
            },
          ],
        });
      }
      for (const value of [minimum, maximum, DEFAULT_CLIENT_SETTINGS[key as keyof ClientSettings]]) {
        const taken = await staff902.patch('/staff/settings', { [key]: value });
        expect(taken.statusCode, `${key}: ${value}`).toBe(200);
        expect(taken.json().settings[key]).toBe(value);
      }
    },
  );

  it('books a launch and reads the card with every setting at its largest value (each answered 500 past 2^31)', async () => {
    const largest = Object.fromEntries(ranged.map(({ key, maximum }) => [key, maximum]));
    expect((await staff903.patch('/staff/settings', largest)).statusCode).toBe(200);
    try {
      const owner = await eligibleOwner(app, database.db, 903);
      // minLeadMinutes at its largest is two days: the slot is ten days ahead, then as far as may be booked.
      for (const days of [10, largest.maxAdvanceDays! - 1]) {
        const booked = await owner.agent.post(
          '/launches',
          launchBody(903, owner.boatIds[0]!, dayFromToday(903, days), '11:00'),
        );
        expect(booked.statusCode, booked.body).toBe(201);
        expect((await owner.agent.post(`/launches/${booked.json().id}/cancel`)).statusCode).toBe(200);
      }
      const card = await owner.agent.get('/card');
      expect(card.statusCode, card.body).toBe(200);
      expect(card.json()).toMatchObject({ verdict: { valid: true } });
    } finally {
      await staff903.patch('/staff/settings', { ...DEFAULT_CLIENT_SETTINGS });
    }
  });

  it('leaves a value stored before the ranges existed out of force, so the marina keeps working', async () => {
    await database.db
      .update(clients)
      .set({ staffSettings: { slotCapacity: 2147483648, dataValidationDays: 2147483648, maxAdvanceDays: 40 } })
      .where(eq(clients.id, 902));
    const directory = await loadClientDirectory(database.db);
    expect(directory.get(902)!.settings).toMatchObject({
      slotCapacity: DEFAULT_CLIENT_SETTINGS.slotCapacity,
      dataValidationDays: DEFAULT_CLIENT_SETTINGS.dataValidationDays,
      maxAdvanceDays: 40,
    });
    await database.db.update(clients).set({ staffSettings: {} }).where(eq(clients.id, 902));
  });
});
