/**
 * Every limit of limits.ts under a burst: 100–150 requests fired at once, as an attacker with a script
 * would. On PostgreSQL they run on several connections at once, so a limit that counts and then writes in
 * two steps lets far more through; each test asserts the exact number let through.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { verificationCodes } from '../accounts/accounts.schema.ts';
import { rateLimitHits } from './security.schema.ts';
import {
  latestCode,
  newPerson,
  outboxFor,
  registerAccount,
  testClock,
  type RegisteredAccount,
} from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';
import { codeChecksKey } from '../accounts/verification-codes.ts';
import {
  CODE_CHECKS,
  CODE_MAX_ATTEMPTS,
  CODE_REQUESTS,
  CODE_RESEND_AFTER_MS,
  CODE_SENDS,
  PASSWORD_CHECKS_PER_SESSION,
  REGISTRATIONS_PER_IP,
  RESET_REQUESTS_PER_IP,
  SIGN_IN_PER_ADDRESS,
  SIGN_IN_PER_IDENTIFIER,
  SIGN_IN_PER_IP,
} from './limits.ts';

let database: Database;
let app: FastifyInstance;
// A still clock: every request of a burst happens at the same instant, so no delay can expire mid-burst.
const clock = testClock();

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

const NEW_PASSWORD = 'Faro-de-levante-2024';
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
let addresses = 0;
/** Another address for each call, apart from the agents' own 10.x. */
const nextAddress = () => {
  addresses += 1;
  return `172.${16 + (addresses >> 16)}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** Fires `count` requests at once and answers how many got each status. */
async function burst(count: number, fire: (index: number) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, index) => fire(index)));
  const statuses: Record<number, number> = {};
  for (const response of responses) statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  return { responses, statuses };
}

const codesOf = (text: string) => async (destination: string) =>
  (await outboxFor(app, destination)).filter((entry) => entry.code !== null && entry.text.includes(text));
const resetCodes = codesOf('cambiar la contraseña');
const registrationCodes = codesOf('código de verificación');
const contactCodes = codesOf('confirmar este teléfono');

async function startReset(account: RegisteredAccount, identifier = account.person.email): Promise<string> {
  const response = await createAgent(app, 901).post('/password-resets', { identifier });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().resetId;
}

describe('sign-in', () => {
  it(`checks exactly ${SIGN_IN_PER_IP.max} failed sign-ins from one address, whatever the accounts`, async () => {
    const ip = nextAddress();
    const { statuses } = await burst(100, (index) =>
      createAgent(app, 901, { ip }).post('/session', {
        identifier: `rafaga.${index}@correo.example`,
        password: 'lo-que-sea-1',
      }),
    );
    expect(statuses).toEqual({ 401: SIGN_IN_PER_IP.max, 429: 100 - SIGN_IN_PER_IP.max });
  });

  it(`checks exactly ${SIGN_IN_PER_ADDRESS.free} wrong passwords on one account from one address`, async () => {
    const account = await registerAccount(app, 901);
    const ip = nextAddress();
    const { statuses } = await burst(150, () =>
      createAgent(app, 901, { ip }).post('/session', { identifier: account.person.email, password: 'no-es-esta-1' }),
    );
    expect(statuses).toEqual({ 401: SIGN_IN_PER_ADDRESS.free, 429: 150 - SIGN_IN_PER_ADDRESS.free });
  });

  it(`checks exactly ${SIGN_IN_PER_IDENTIFIER.max} wrong passwords on one account from as many addresses`, async () => {
    const account = await registerAccount(app, 901);
    const { statuses } = await burst(150, () =>
      createAgent(app, 901, { ip: nextAddress() }).post('/session', {
        identifier: account.person.email,
        password: 'no-es-esta-1',
      }),
    );
    expect(statuses).toEqual({ 401: SIGN_IN_PER_IDENTIFIER.max, 429: 150 - SIGN_IN_PER_IDENTIFIER.max });
  });

  it(`checks exactly ${PASSWORD_CHECKS_PER_SESSION.free} wrong current passwords from one session`, async () => {
    const { agent } = await registerAccount(app, 901);
    const { statuses } = await burst(100, () =>
      agent.post('/me/password', { currentPassword: 'no-es-esta-1', newPassword: NEW_PASSWORD }),
    );
    expect(statuses).toEqual({ 422: PASSWORD_CHECKS_PER_SESSION.free, 429: 100 - PASSWORD_CHECKS_PER_SESSION.free });
  });
});

describe('starting registrations and resets', () => {
  it(`accepts exactly ${REGISTRATIONS_PER_IP.max} registrations from one address`, async () => {
    const ip = nextAddress();
    const { statuses } = await burst(100, () => createAgent(app, 902, { ip }).post('/registrations', newPerson()));
    expect(statuses).toEqual({ 202: REGISTRATIONS_PER_IP.max, 429: 100 - REGISTRATIONS_PER_IP.max });
  });

  it(`accepts exactly ${RESET_REQUESTS_PER_IP.max} reset requests from one address`, async () => {
    const ip = nextAddress();
    const { statuses } = await burst(100, (index) =>
      createAgent(app, 901, { ip }).post('/password-resets', { identifier: `olvido.${index}@correo.example` }),
    );
    expect(statuses).toEqual({ 202: RESET_REQUESTS_PER_IP.max, 429: 100 - RESET_REQUESTS_PER_IP.max });
  });
});

describe('sending codes', () => {
  it(`sends exactly ${CODE_SENDS.max} registration codes to one phone`, async () => {
    const phone = newPerson().phone;
    const { statuses } = await burst(100, () =>
      createAgent(app, 901, { ip: nextAddress() }).post('/registrations', newPerson({ phone })),
    );
    expect(statuses).toEqual({ 202: CODE_SENDS.max, 429: 100 - CODE_SENDS.max });
    expect(await registrationCodes(phone)).toHaveLength(CODE_SENDS.max);
  });

  it(`answers exactly ${CODE_REQUESTS.max} reset requests per identifier, and sends at most ${CODE_SENDS.max} reset codes to the phone`, async () => {
    const account = await registerAccount(app, 901);
    const { statuses } = await burst(120, (index) =>
      createAgent(app, 901, { ip: nextAddress() }).post('/password-resets', {
        identifier: index % 2 === 0 ? account.person.email : account.person.document,
      }),
    );
    // The e-mail and the document are two identifiers, counted apart: nothing links them to one account.
    expect(statuses).toEqual({ 202: 2 * CODE_REQUESTS.max, 429: 120 - 2 * CODE_REQUESTS.max });
    expect(await resetCodes(account.person.phone)).toHaveLength(CODE_SENDS.max);
  });

  it('resends one code per minute, however many resends are fired at once', async () => {
    const account = await registerAccount(app, 901);
    const resetId = await startReset(account);
    clock.advance(CODE_RESEND_AFTER_MS);
    const agent = createAgent(app, 901);
    const { responses, statuses } = await burst(100, () => agent.post(`/password-resets/${resetId}/resend`));
    expect(statuses).toEqual({ 202: 1, 429: 99 });
    expect(
      responses
        .filter((response) => response.statusCode === 429)
        .every((response) => response.json().code === 'resend_too_soon'),
    ).toBe(true);
    expect(await resetCodes(account.person.phone)).toHaveLength(2);
  });

  it(`sends exactly ${CODE_SENDS.max} codes to a new phone asked for by several accounts at once`, async () => {
    const phone = newPerson().phone;
    const owners: RegisteredAccount[] = [];
    for (let index = 0; index < 12; index++) owners.push(await registerAccount(app, 901));
    const { statuses } = await burst(120, (index) => {
      const { agent, person } = owners[index % owners.length]!;
      return agent.patch('/me', { firstName: person.firstName, surnames: person.surnames, email: person.email, phone });
    });
    expect((statuses[200] ?? 0) + (statuses[429] ?? 0)).toBe(120);
    expect(await contactCodes(phone)).toHaveLength(CODE_SENDS.max);
  });
});

describe('checking codes', () => {
  it(`compares exactly ${CODE_MAX_ATTEMPTS} codes per verification; then even the right one is refused`, async () => {
    const account = await registerAccount(app, 901);
    const resetId = await startReset(account);
    const code = (await resetCodes(account.person.phone))[0]!.code!;
    const agent = createAgent(app, 901);
    const { statuses } = await burst(100, () =>
      agent.post(`/password-resets/${resetId}/complete`, { code: wrong(code), password: NEW_PASSWORD }),
    );
    // The fifth wrong code answers code_attempts_exceeded, like every refused one.
    expect(statuses).toEqual({ 422: CODE_MAX_ATTEMPTS - 1, 429: 100 - (CODE_MAX_ATTEMPTS - 1) });
    const [row] = await database.db.select().from(verificationCodes).where(eq(verificationCodes.id, resetId));
    expect(row!.attempts).toBe(CODE_MAX_ATTEMPTS);

    const right = await agent.post(`/password-resets/${resetId}/complete`, { code, password: NEW_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'code_attempts_exceeded' });
    expect(
      (await createAgent(app, 901).post('/session', { identifier: account.person.email, password: account.password }))
        .statusCode,
    ).toBe(200);
  });

  it(`compares exactly ${CODE_CHECKS.max} wrong codes per identifier typed, across its codes`, async () => {
    const account = await registerAccount(app, 901);
    const resetIds: string[] = [];
    for (let index = 0; index < 3; index++) {
      resetIds.push(await startReset(account));
      clock.advance(CODE_RESEND_AFTER_MS);
    }
    const code = await latestCode(app, account.person.phone);
    const agent = createAgent(app, 901);
    const { statuses } = await burst(150, (index) =>
      agent.post(`/password-resets/${resetIds[index % resetIds.length]}/complete`, {
        code: wrong(code),
        password: NEW_PASSWORD,
      }),
    );
    expect(statuses[204]).toBeUndefined();
    const rows = await database.db.select().from(verificationCodes).where(inArray(verificationCodes.id, resetIds));
    expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(CODE_CHECKS.max);
    // Every reset was asked for with the same e-mail: one counter.
    const key = codeChecksKey(rows[0]!);
    expect(rows.every((row) => codeChecksKey(row) === key)).toBe(true);
    expect(await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key))).toHaveLength(
      CODE_CHECKS.max,
    );
  });
});
