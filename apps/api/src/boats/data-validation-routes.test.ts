import type { DataValidationStatus } from '@marina/core/domain/data-validation.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { dayFromToday, insuranceUntil, requestNewBoat } from '../test/boats.ts';
import { registerAccount } from '../test/accounts.ts';
import { useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;

useTestServer((server) => ({ database, app } = server));

function confirmation(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Lucía',
    surnames: 'García Pons',
    documentExpiresOn: dayFromToday(901, 900),
    licence: { type: 'per', number: 'PER-55123', expiresOn: dayFromToday(901, 700) },
    boats: [],
    confirm: true,
    ...overrides,
  };
}

describe('/data-validation', () => {
  it('is due until confirmed, then not, and the account says so too', async () => {
    const { agent, person } = await registerAccount(app, 901);
    const { boatId } = await requestNewBoat(agent);
    const before = (await agent.get('/data-validation')).json() as DataValidationStatus;
    expect(before).toMatchObject({
      due: true,
      validatedAt: null,
      nextDueOn: null,
      data: { email: person.email, documentExpiresOn: null, licence: null },
    });
    expect(before.reasons.map((reason) => reason.code)).toEqual(['data_validation_due']);
    expect(before.data.boats).toEqual([
      expect.objectContaining({ id: boatId, insurance: expect.objectContaining({ insurer: 'Mapfre' }) }),
    ]);

    const insurance = insuranceUntil(dayFromToday(901, 300));
    const confirmed = await agent.post(
      '/data-validation',
      confirmation({ surnames: 'García Pons de la Mar', boats: [{ boatId, ...insurance }] }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = confirmed.json() as DataValidationStatus;
    expect(after).toMatchObject({
      due: false,
      reasons: [],
      nextDueOn: dayFromToday(901, 365),
      data: { surnames: 'García Pons de la Mar', licence: { type: 'per' } },
    });
    expect(after.data.boats[0]!.insurance).toMatchObject(insurance);
    expect((await agent.get('/me')).json()).toMatchObject({
      dataValidationDue: false,
      surnames: 'García Pons de la Mar',
    });
    expect(
      (await agent.get(`/boats/${boatId}`)).json().eligibility.reasons.map((reason: { code: string }) => reason.code),
    ).toEqual(['contract_requested']);
  });

  it('is due again when the identity document on file has expired', async () => {
    const { agent, accountId } = await registerAccount(app, 901);
    expect((await agent.post('/data-validation', confirmation())).statusCode).toBe(200);
    await database.db
      .update(accounts)
      .set({ documentExpiresOn: dayFromToday(901, -1) })
      .where(eq(accounts.id, accountId));
    const status = (await agent.get('/data-validation')).json() as DataValidationStatus;
    expect(status.due).toBe(true);
    expect(status.reasons.map((reason) => reason.code)).toEqual(['identity_document_expired']);
    expect((await agent.get('/me')).json().dataValidationDue).toBe(true);
  });

  it('refuses an expired document or licence with a message on the field, saving nothing', async () => {
    const { agent, accountId } = await registerAccount(app, 901);
    const response = await agent.post(
      '/data-validation',
      confirmation({
        documentExpiresOn: dayFromToday(901, -1),
        licence: { type: 'per', number: 'PER-1', expiresOn: dayFromToday(901, -30) },
      }),
    );
    expect(response.statusCode).toBe(400);
    const errors = response.json().errors as { field: string; message: string }[];
    expect(errors.find((error) => error.field === 'documentExpiresOn')?.message).toMatch(/^Ya ha caducado/);
    expect(errors.map((error) => error.field)).toContain('licence.expiresOn');
    const [row] = await database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row).toMatchObject({ dataValidatedAt: null, documentExpiresOn: null });
  });

  it('refuses boats of another account on their field, saving nothing', async () => {
    const { agent, accountId } = await registerAccount(app, 901);
    const own = await requestNewBoat(agent);
    const other = await registerAccount(app, 901);
    const theirs = await requestNewBoat(other.agent);
    const theirInsurance = (await other.agent.get(`/boats/${theirs.boatId}`)).json().insurance;
    const response = await agent.post(
      '/data-validation',
      confirmation({
        boats: [
          { boatId: own.boatId, ...insuranceUntil(dayFromToday(901, 30)) },
          { boatId: theirs.boatId, ...insuranceUntil(dayFromToday(901, 30)) },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ field: 'boats[1].boatId' })]);
    expect((await other.agent.get(`/boats/${theirs.boatId}`)).json().insurance).toEqual(theirInsurance);
    const [row] = await database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row!.dataValidatedAt).toBeNull();
    const ownBoat = (await agent.get(`/boats/${own.boatId}`)).json();
    expect(ownBoat.insurance.expiresOn).toBe(dayFromToday(901, 200));
  });

  it('needs the confirmation ticked', async () => {
    const { agent } = await registerAccount(app, 901);
    const response = await agent.post('/data-validation', confirmation({ confirm: false }));
    expect(response.json().errors).toEqual([expect.objectContaining({ field: 'confirm' })]);
  });
});
