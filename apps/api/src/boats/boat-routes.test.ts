import { randomUUID } from 'node:crypto';
import { CERTIFICATE_MAX_BYTES, type Boat, type Contract } from '@marina/core/domain/boats.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { contracts, insuranceCertificates } from './boats.schema.ts';
import {
  dayFromToday,
  executableBytes,
  insuranceUntil,
  newBoat,
  newBoatContract,
  pdfBytes,
  requestNewBoat,
} from '../test/boats.ts';
import { registerAccount } from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';
import { DEMO_ACCOUNT } from '../db/seed.ts';

let database: Database;
let app: FastifyInstance;

useTestServer((server) => ({ database, app } = server));

const fieldOf = (body: string) => JSON.parse(body).errors?.map((error: { field: string }) => error.field);

describe('POST /contracts', () => {
  it('creates a new boat and its requested contract, ending as the plan says', async () => {
    const { agent } = await registerAccount(app, 901);
    const startsOn = dayFromToday(901, 3);
    const contract = await requestNewBoat(agent, { plan: 'monthly', startsOn });
    expect(contract).toMatchObject({
      status: 'requested',
      plan: 'monthly',
      startsOn,
      decidedAt: null,
      rejectionReason: null,
    });
    expect(contract.endsOn > startsOn).toBe(true);

    const { boats } = (await agent.get('/boats')).json() as { boats: Boat[] };
    expect(boats).toHaveLength(1);
    expect(boats[0]).toMatchObject({
      id: contract.boatId,
      state: 'in_rack',
      rackPosition: null,
      contract: { id: contract.id, status: 'requested' },
    });
    expect(boats[0]!.insurance).toMatchObject({ insurer: 'Mapfre', certificate: null });
    // Never validated, and the contract is waiting: the rule says why, in that order.
    expect(boats[0]!.eligibility.eligible).toBe(false);
    expect(boats[0]!.eligibility.reasons.map((reason) => reason.code)).toEqual([
      'data_validation_due',
      'contract_requested',
    ]);
    expect((await agent.get('/contracts')).json().contracts.map((item: Contract) => item.id)).toEqual([contract.id]);
  });

  it('refuses a boat over the marina’s limits, a start in the past and missing conditions, naming each field', async () => {
    const { agent } = await registerAccount(app, 901);
    const response = await agent.post(
      '/contracts',
      newBoatContract(901, {
        boat: newBoat({ lengthM: 12.5, beamM: 0 }),
        startsOn: dayFromToday(901, -1),
        acceptConditions: false,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
    expect(fieldOf(response.body)).toEqual(
      expect.arrayContaining(['boat.lengthM', 'boat.beamM', 'startsOn', 'acceptConditions']),
    );
    expect(response.json().errors.find((error: { field: string }) => error.field === 'boat.lengthM').message).toMatch(
      /12 m/,
    );
    expect((await agent.get('/boats')).json().boats).toEqual([]);
  });

  it('asks for a listed boat or a new one, not both nor neither', async () => {
    const { agent } = await registerAccount(app, 901);
    const { boat: _boat, insurance: _insurance, ...neither } = newBoatContract(901);
    expect(fieldOf((await agent.post('/contracts', neither)).body)).toEqual(['boatId']);
    expect(fieldOf((await agent.post('/contracts', { ...newBoatContract(901), boatId: randomUUID() })).body)).toEqual([
      'boatId',
    ]);
  });

  it('refuses a second open contract for the same boat (409 contract_already_open)', async () => {
    const { agent } = await registerAccount(app, 901);
    const first = await requestNewBoat(agent);
    const { boat: _boat, insurance: _insurance, ...rest } = newBoatContract(901);
    const again = await agent.post('/contracts', { ...rest, boatId: first.boatId });
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(again.json().code).toBe('contract_already_open');
    expect(await database.db.select().from(contracts).where(eq(contracts.boatId, first.boatId))).toHaveLength(1);
  });

  it('refuses a registration already at the marina (409 registration_taken), not one at another marina', async () => {
    const first = await registerAccount(app, 901);
    const second = await registerAccount(app, 901);
    const boat = newBoat();
    await requestNewBoat(first.agent, { boat });
    const taken = await second.agent.post(
      '/contracts',
      newBoatContract(901, { boat: { ...boat, registration: boat.registration.toLowerCase() } }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'registration_taken', errors: [{ field: 'boat.registration' }] });
    expect((await second.agent.get('/boats')).json().boats).toEqual([]);

    const elsewhere = await registerAccount(app, 903);
    await requestNewBoat(elsewhere.agent, { boat });
  });

  it('answers a boat of someone else with 404', async () => {
    const owner = await registerAccount(app, 901);
    const other = await registerAccount(app, 901);
    const contract = await requestNewBoat(owner.agent);
    const { boat: _boat, insurance: _insurance, ...rest } = newBoatContract(901);
    expect((await other.agent.post('/contracts', { ...rest, boatId: contract.boatId })).statusCode).toBe(404);
  });

  it('creates one contract for one Idempotency-Key, replaying the first answer', async () => {
    const { agent } = await registerAccount(app, 901);
    const body = newBoatContract(901);
    const key = randomUUID();
    const first = await agent.post('/contracts', body, { idempotencyKey: key });
    const replay = await agent.post('/contracts', body, { idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await agent.get('/contracts')).json().contracts).toHaveLength(1);
  });
});

describe('the demo owner', () => {
  it('has two boats ready to use and one whose contract waits', async () => {
    const agent = createAgent(app, 903);
    expect(
      (await agent.post('/session', { identifier: DEMO_ACCOUNT(903).email, password: DEMO_ACCOUNT(903).password }))
        .statusCode,
    ).toBe(200);
    const { boats } = (await agent.get('/boats')).json() as { boats: Boat[] };
    expect(boats.map((boat) => [boat.name, boat.contract?.status, boat.eligibility.eligible])).toEqual([
      ['Brisa', 'active', true],
      ['Gaviota', 'active', true],
      ['Tramontana', 'requested', false],
    ]);
    expect(boats[2]!.eligibility.reasons.map((reason) => reason.code)).toEqual(['contract_requested']);
    expect(boats.every((boat) => boat.insurance?.certificate?.contentType === 'application/pdf')).toBe(true);
    expect((await agent.get('/data-validation')).json().due).toBe(false);
  });
});

describe('GET and PATCH /boats/{id}', () => {
  it('changes the owner’s own data and renews the insurance', async () => {
    const { agent } = await registerAccount(app, 901);
    const { boatId } = await requestNewBoat(agent);
    const renewed = insuranceUntil(dayFromToday(901, 400));
    const response = await agent.patch(`/boats/${boatId}`, {
      name: '  Nueva   Brisa ',
      engine: 'Yamaha 150',
      insurance: renewed,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: boatId,
      name: 'Nueva Brisa',
      engine: 'Yamaha 150',
      insurance: { ...renewed, certificate: null },
    });
    expect((await agent.get(`/boats/${boatId}`)).json()).toMatchObject({ name: 'Nueva Brisa' });
  });

  it('renewing only the insurance leaves make, model and engine as they were', async () => {
    const { agent } = await registerAccount(app, 901);
    const { boatId } = await requestNewBoat(agent);
    expect(
      (await agent.patch(`/boats/${boatId}`, { make: 'Beneteau', model: 'Flyer 6', engine: 'Honda 60 CV' })).statusCode,
    ).toBe(200);
    const response = await agent.patch(`/boats/${boatId}`, { insurance: insuranceUntil(dayFromToday(901, 400)) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ make: 'Beneteau', model: 'Flyer 6', engine: 'Honda 60 CV' });
  });

  it('changes only the fields the body names', async () => {
    const { agent } = await registerAccount(app, 901);
    const { boatId } = await requestNewBoat(agent);
    const before = (await agent.get(`/boats/${boatId}`)).json();
    const response = await agent.patch(`/boats/${boatId}`, { name: 'Solo el nombre' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ...before, name: 'Solo el nombre' });
  });

  it('refuses an expired policy and a boat too wide, by field, changing nothing (a customer cannot set the state)', async () => {
    const { agent } = await registerAccount(app, 901);
    const { boatId } = await requestNewBoat(agent);
    const before = (await agent.get(`/boats/${boatId}`)).json();
    const response = await agent.patch(`/boats/${boatId}`, {
      beamM: 4.5,
      state: 'in_water',
      insurance: insuranceUntil(dayFromToday(901, -1)),
    });
    expect(response.statusCode).toBe(400);
    expect(fieldOf(response.body)).toEqual(expect.arrayContaining(['beamM', 'insurance.expiresOn']));
    expect((await agent.get(`/boats/${boatId}`)).json()).toEqual(before);
  });

  it('refuses a registration another boat of the marina has', async () => {
    const { agent } = await registerAccount(app, 901);
    const first = await requestNewBoat(agent);
    const second = await requestNewBoat(agent);
    const { registration } = (await agent.get(`/boats/${first.boatId}`)).json();
    const response = await agent.patch(`/boats/${second.boatId}`, { registration });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'registration_taken', errors: [{ field: 'registration' }] });
  });

  it('answers 404 for another customer’s boat, another marina’s and a malformed id, and changes nothing', async () => {
    const owner = await registerAccount(app, 901);
    const { boatId } = await requestNewBoat(owner.agent);
    const neighbour = await registerAccount(app, 901);
    const elsewhere = await registerAccount(app, 903);
    for (const agent of [neighbour.agent, elsewhere.agent]) {
      expect((await agent.get(`/boats/${boatId}`)).statusCode).toBe(404);
      expect((await agent.patch(`/boats/${boatId}`, { name: 'Mío' })).statusCode).toBe(404);
      expect(
        (await agent.put(`/boats/${boatId}/insurance-certificate`, pdfBytes(), 'application/pdf')).statusCode,
      ).toBe(404);
      expect((await agent.get(`/boats/${boatId}/insurance-certificate`)).statusCode).toBe(404);
      expect((await agent.get('/boats')).json().boats).toEqual([]);
    }
    expect((await neighbour.agent.get('/boats/not-a-uuid')).statusCode).toBe(404);
    expect((await owner.agent.get(`/boats/${boatId}`)).json().name).not.toBe('Mío');
    expect(
      await database.db.select().from(insuranceCertificates).where(eq(insuranceCertificates.boatId, boatId)),
    ).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/boats', headers: { 'x-client-id': '901' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('the insurance certificate', () => {
  async function ownBoat() {
    const account = await registerAccount(app, 901);
    const { boatId } = await requestNewBoat(account.agent);
    return { ...account, boatId, path: `/boats/${boatId}/insurance-certificate` };
  }
  const stored = (boatId: string) =>
    database.db.select().from(insuranceCertificates).where(eq(insuranceCertificates.boatId, boatId));

  it('stores a PDF and gives it back only as a download, never cached', async () => {
    const { agent, boatId, path } = await ownBoat();
    const file = pdfBytes();
    const uploaded = await agent.put(path, file, 'application/pdf');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().insurance.certificate).toMatchObject({ contentType: 'application/pdf', size: file.length });

    const download = await agent.get(path);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(file)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="certificado-seguro.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(await stored(boatId)).toHaveLength(1);
  });

  it('reads the type from the bytes: a PNG sent as octet-stream is a PNG', async () => {
    const { agent, path } = await ownBoat();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const uploaded = await agent.put(path, png, 'application/octet-stream');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().insurance.certificate.contentType).toBe('image/png');
  });

  it('refuses an executable renamed .pdf (415 certificate_type_not_allowed) and stores nothing', async () => {
    const { agent, boatId, path } = await ownBoat();
    const response = await agent.put(path, executableBytes(), 'application/pdf');
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toMatchObject({ code: 'certificate_type_not_allowed', errors: [{ field: 'certificate' }] });
    expect(await stored(boatId)).toEqual([]);
    expect((await agent.get(path)).statusCode).toBe(404);
  });

  it('takes exactly 5 MB and refuses one byte more (413 certificate_too_large), keeping the previous one', async () => {
    const { agent, boatId, path } = await ownBoat();
    expect((await agent.put(path, pdfBytes(CERTIFICATE_MAX_BYTES), 'application/pdf')).statusCode).toBe(200);
    const response = await agent.put(path, pdfBytes(CERTIFICATE_MAX_BYTES + 1), 'application/pdf');
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('certificate_too_large');
    const [kept] = await stored(boatId);
    expect(kept!.size).toBe(CERTIFICATE_MAX_BYTES);
  });

  it('refuses an empty body and a JSON one', async () => {
    const { agent, boatId, path } = await ownBoat();
    const empty = await agent.put(path, Buffer.alloc(0), 'application/pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([expect.objectContaining({ field: 'certificate' })]);
    const json = await agent.put(path, Buffer.from('{"a":1}'), 'application/json');
    expect(json.statusCode).toBe(415);
    expect(await stored(boatId)).toEqual([]);
  });

  it('still needs the CSRF token and an allowed Origin', async () => {
    const { agent, boatId, path } = await ownBoat();
    expect((await agent.put(path, pdfBytes(), 'application/pdf', { withoutXsrf: true })).json().code).toBe(
      'csrf_failed',
    );
    expect(
      (await agent.put(path, pdfBytes(), 'application/pdf', { headers: { origin: 'https://evil.example' } })).json()
        .code,
    ).toBe('origin_not_allowed');
    expect(await stored(boatId)).toEqual([]);
  });
});
