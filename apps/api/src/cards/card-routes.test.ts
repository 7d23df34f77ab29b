/**
 * The card at the gate through the API (docs/product.md §4.10, decision 028): the holder's card and its
 * verdict, re-issue, and the public check (its exact keys, the same answer for unknown ids and stale codes,
 * other marinas, the per-IP and per-card limits, staff signed in past them: decision 040). The clock stands
 * still unless a test moves it, so codes are exact.
 */
import { randomBytes } from 'node:crypto';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { CARD_CHECK_KEYS, CARD_ID_PATTERN, cardCode, type Card, type CardCheck } from '@marina/core/domain/cards.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { cards } from './cards.schema.ts';
import { rateLimitHits } from '../security/security.schema.ts';
import { DEMO_ACCOUNT, DEMO_AUTHORISED_ACCOUNT, DEMO_STAFF_ACCOUNT } from '../db/seed.ts';
import { CARD_CHECKS_PER_CARD, CARD_CHECKS_PER_IP, CARD_CHECKS_PER_STAFF } from '../security/limits.ts';
import { throttleKeys } from '../security/rate-limits.ts';
import { testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { eligibleOwner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import { createAgent, type Agent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

let addresses = 0;
/** Each check from its own address unless told, apart from the agents' 10.x, so the per-IP limit stays out of the way. */
const nextAddress = () => {
  addresses += 1;
  return `172.20.${(addresses >> 8) & 255}.${addresses & 255}`;
};

function check(clientId: number, id: string, code?: string, ip = nextAddress()): Promise<LightMyRequestResponse> {
  const query = code === undefined ? '' : `?c=${encodeURIComponent(code)}`;
  return app.inject({
    method: 'GET',
    url: `/api/v1/cards/${encodeURIComponent(id)}/check${query}`,
    headers: { 'x-client-id': String(clientId) },
    remoteAddress: ip,
  });
}

async function cardOf(agent: Agent): Promise<Card> {
  const response = await agent.get('/card');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A card id no card has, a new one each call, so the per-card ceiling of one stays out of the way. */
const unknownId = () => randomBytes(16).toString('base64url');

const codeNow = (card: Card, stepsBack = 0) =>
  cardCode(card.code.secret, new Date(clock.now().getTime() - stepsBack * card.code.period * 1000));
const withoutTime = ({ checkedAt: _checkedAt, ...rest }: CardCheck) => rest;

async function signIn(clientId: number, { email, password }: { email: string; password: string }): Promise<Agent> {
  const agent = createAgent(app, clientId);
  const response = await agent.post('/session', { identifier: email, password });
  expect(response.statusCode, response.body).toBe(200);
  return agent;
}

describe('GET /card', () => {
  it('gives the demo owner a green card with their boats, the code’s secret and no caching', async () => {
    const agent = await signIn(901, DEMO_ACCOUNT(901));
    const response = await agent.get('/card');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const card: Card = response.json();
    expect(card.idTarjeta).toMatch(CARD_ID_PATTERN);
    expect(card.number).toMatch(/^\d{8}$/);
    expect(card).toMatchObject({
      role: 'owner',
      marina: { id: 901 },
      holder: { firstName: 'Elena' },
      verdict: { valid: true, reasons: [] },
    });
    expect(card.code).toMatchObject({ algorithm: 'SHA1', digits: 6, period: 60 });
    expect(card.code.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(card.boats.map((boat) => [boat.name, boat.role, boat.eligibility.eligible])).toEqual([
      ['Brisa', 'owner', true],
      ['Gaviota', 'owner', true],
      ['Tramontana', 'owner', false],
    ]);
    expect(card.validUntil).not.toBeNull();
    expect(card.serverTime).toBe(clock.now().toISOString());
    // The same card on every later call.
    expect((await cardOf(agent)).idTarjeta).toBe(card.idTarjeta);
  });

  it('is red with every reason, each with its boat and fix, and its valid-until follows the boats', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { boatCount: 2, now: clock.now() });
    const green = await cardOf(owner.agent);
    expect(green.verdict.valid).toBe(true);
    const today = todayIn('Europe/Madrid', clock.now());
    // eligibleOwner: insurance for 400 days, an annual contract from 30 days ago; the later of the boats counts.
    expect(green.validUntil).toBe(addDays(today, 334));

    await database.db
      .update(boats)
      .set({ insuranceExpiresOn: addDays(today, -1) })
      .where(eq(boats.id, owner.boatIds[0]!));
    await database.db.update(boats).set({ state: 'maintenance' }).where(eq(boats.id, owner.boatIds[1]!));
    await database.db.update(accounts).set({ dataValidatedAt: null }).where(eq(accounts.id, owner.accountId));
    const red = await cardOf(owner.agent);
    expect(red.validUntil).toBeNull();
    expect(red.verdict.valid).toBe(false);
    const byBoat = (id: string) => red.boats.find((boat) => boat.id === id)!.name;
    expect(red.verdict.reasons).toEqual(
      expect.arrayContaining([
        {
          code: 'data_validation_due',
          text: 'Datos pendientes de validar',
          fix: { label: 'Validar mis datos', to: '/validar-datos' },
          boat: null,
        },
        {
          code: 'insurance_expired',
          text: 'Seguro caducado',
          fix: { label: 'Renovar el seguro', to: `/misbarcos/${owner.boatIds[0]}` },
          boat: { id: owner.boatIds[0], name: byBoat(owner.boatIds[0]!) },
        },
        {
          code: 'boat_in_maintenance',
          text: 'Barco en mantenimiento',
          fix: null,
          boat: { id: owner.boatIds[1], name: byBoat(owner.boatIds[1]!) },
        },
      ]),
    );
    expect(red.verdict.reasons).toHaveLength(3);
  });

  it('is red with no_boats for a customer without boats', async () => {
    const person = await eligibleOwner(app, database.db, 903, { boatCount: 0, now: clock.now() });
    const card = await cardOf(person.agent);
    expect(card.verdict).toEqual({
      valid: false,
      reasons: [
        {
          code: 'no_boats',
          text: 'Sin barcos en la marina',
          fix: { label: 'Solicitar contrato', to: '/alta-contrato' },
          boat: null,
        },
      ],
    });
    expect(card.role).toBe('owner');
  });

  it('needs a session, and staff have none', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/card', headers: { 'x-client-id': '901' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(PROBLEM_JSON);
    expect((await (await signInStaff(app, 901)).get('/card')).statusCode).toBe(404);
  });

  it('shows each account only its own card: another account gets its own, and no call reads a card by id', async () => {
    const first = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const second = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const mine = await cardOf(first.agent);
    const theirs = await cardOf(second.agent);
    expect(theirs.idTarjeta).not.toBe(mine.idTarjeta);
    expect(theirs.code.secret).not.toBe(mine.code.secret);
    expect(theirs.holder).not.toEqual(undefined);
    expect((await second.agent.get(`/cards/${mine.idTarjeta}`)).statusCode).toBe(404);
    expect((await second.agent.get(`/card?id=${mine.idTarjeta}`)).json().idTarjeta).toBe(theirs.idTarjeta);
    // The same account signed in at another marina does not exist there: its session is not valid at 903.
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/api/v1/card',
      headers: { 'x-client-id': '903', cookie: `__Host-sid=${first.agent.sid()}` },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('gives the demo authorised person a card of their own: role authorised, the boat they may use, green', async () => {
    const agent = await signIn(901, DEMO_AUTHORISED_ACCOUNT(901));
    const card = await cardOf(agent);
    expect(card.role).toBe('authorised');
    expect(card.boats.map((boat) => [boat.name, boat.role, boat.eligibility.eligible])).toEqual([
      ['Brisa', 'authorised', true],
    ]);
    expect(card.verdict.valid).toBe(true);
  });
});

describe('the authorised person’s card', () => {
  it('follows the authorisation: green inside it, red with its reason once suspended', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const person = await personWithAccount(app, database.db, 901, clock.now());
    const body = authorisationBody(901, owner.boatIds, { ...invitedAs(person) }, clock.now());
    const authorisation = await activeAuthorisation(app, owner.agent, body);
    const green = await cardOf(person.agent);
    expect(green).toMatchObject({ role: 'authorised', verdict: { valid: true } });
    // The owner's contract (a year from 30 days ago) ends before the authorisation (a year from today).
    expect(body.validTo > addDays(todayIn('Europe/Madrid', clock.now()), 334)).toBe(true);
    expect(green.validUntil).toBe(addDays(todayIn('Europe/Madrid', clock.now()), 334));

    expect((await owner.agent.post(`/authorisations/${authorisation.id}/suspend`, { reason: '' })).statusCode).toBe(
      200,
    );
    const red = await cardOf(person.agent);
    expect(red.verdict.valid).toBe(false);
    expect(red.verdict.reasons.map((reason) => [reason.code, reason.fix, reason.boat?.id])).toEqual([
      ['authorisation_suspended', null, owner.boatIds[0]],
    ]);

    const answer: CardCheck = (await check(901, red.idTarjeta, codeNow(red))).json();
    expect(answer).toMatchObject({
      valid: false,
      codeStale: false,
      role: 'authorised',
      reasons: [{ code: 'authorisation_suspended' }],
    });
  });
});

describe('GET /cards/{idTarjeta}/check', () => {
  it('answers a current code with the verdict and only the allowed fields', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card = await cardOf(owner.agent);
    const response = await check(901, card.idTarjeta, codeNow(card));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer: CardCheck = response.json();
    expect(Object.keys(answer).sort()).toEqual([...CARD_CHECK_KEYS].sort());
    expect(Object.keys(answer.holder!).sort()).toEqual(['firstName', 'surnameInitial']);
    expect(answer).toEqual({
      valid: true,
      codeStale: false,
      reasons: [],
      holder: { firstName: 'Lucía', surnameInitial: 'G.' },
      role: 'owner',
      boats: [{ name: card.boats[0]!.name, valid: true }],
      validUntil: card.validUntil,
      checkedAt: clock.now().toISOString(),
    });
    // Nothing personal beyond that: no document, phone, e-mail, full surname, secret or account id.
    const [account] = await database.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    for (const secret of [
      account!.document!,
      account!.phone!,
      account!.email!,
      account!.surnames,
      card.code.secret,
      owner.accountId,
    ])
      expect(response.body).not.toContain(secret);
  });

  it('passes the previous step’s code and no older one, and says «código caducado» for a stale or missing code', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card = await cardOf(owner.agent);
    expect((await check(901, card.idTarjeta, codeNow(card, 1))).json()).toMatchObject({
      valid: true,
      codeStale: false,
    });
    const stale = [codeNow(card, 2), codeNow(card, 5)].filter(
      (code) => code !== codeNow(card) && code !== codeNow(card, 1),
    );
    for (const code of [...stale, undefined, '', 'abc']) {
      const answer: CardCheck = (await check(901, card.idTarjeta, code)).json();
      expect(withoutTime(answer), String(code)).toEqual({
        valid: false,
        codeStale: true,
        reasons: [{ code: 'code_stale', text: 'Código caducado' }],
        holder: null,
        role: null,
        boats: [],
        validUntil: null,
      });
    }
    // A screenshot: the code shown now stops passing two steps later.
    const shown = codeNow(card);
    clock.advance(2 * 60_000);
    const later = (await check(901, card.idTarjeta, shown)).json();
    if (shown !== codeNow(card) && shown !== codeNow(card, 1)) expect(later.codeStale).toBe(true);
  });

  it('finds the card by its number as typed by hand', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card = await cardOf(owner.agent);
    expect((await check(901, card.number, codeNow(card))).json()).toMatchObject({
      valid: true,
      holder: { firstName: 'Lucía' },
    });
  });

  it('answers an unknown id, a malformed one and a known card with a wrong code alike: same status, keys and body', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card = await cardOf(owner.agent);
    const wrong = codeNow(card) === '000000' || codeNow(card, 1) === '000000' ? '111111' : '000000';
    const known = await check(901, card.idTarjeta, wrong);
    for (const other of [
      await check(901, 'AAAAAAAAAAAAAAAAAAAAAA', wrong),
      await check(901, 'not-a-card', wrong),
      await check(901, '00000000', wrong),
    ]) {
      expect(other.statusCode).toBe(known.statusCode);
      expect(Object.keys(other.json())).toEqual(Object.keys(known.json()));
      expect(withoutTime(other.json())).toEqual(withoutTime(known.json()));
      expect(other.headers['content-type']).toBe(known.headers['content-type']);
    }
  });

  it('treats another marina’s card as unknown, even with its current code', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card = await cardOf(owner.agent);
    const here = (await check(901, card.idTarjeta, codeNow(card))).json();
    expect(here.codeStale).toBe(false);
    const there = await check(903, card.idTarjeta, codeNow(card));
    expect(there.statusCode).toBe(200);
    expect(withoutTime(there.json())).toEqual(
      withoutTime((await check(903, 'AAAAAAAAAAAAAAAAAAAAAA', codeNow(card))).json()),
    );
    expect(there.json()).toMatchObject({ codeStale: true, holder: null });
    expect((await check(903, card.number, codeNow(card))).json()).toMatchObject({ codeStale: true, holder: null });
  });

  it('tells a suspended holder’s card apart: not valid, with the reason', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card = await cardOf(owner.agent);
    await database.db.update(accounts).set({ status: 'suspended' }).where(eq(accounts.id, owner.accountId));
    const answer: CardCheck = (await check(901, card.idTarjeta, codeNow(card))).json();
    expect(answer).toMatchObject({
      valid: false,
      codeStale: false,
      reasons: [{ code: 'account_suspended', text: 'Cuenta suspendida' }],
      boats: [{ valid: false }],
    });
  });

  it('tells a red card from a code that proves nothing: `codeStale` false with the reasons, against `codeStale` true and no verdict', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { boatCount: 2, now: clock.now() });
    const card = await cardOf(owner.agent);
    const greenStale = withoutTime((await check(901, card.idTarjeta)).json());
    for (const id of owner.boatIds)
      await database.db.update(boats).set({ state: 'maintenance' }).where(eq(boats.id, id));

    // Proven by its code: red, and why (a screen draws it red, «NO VÁLIDO»).
    const red: CardCheck = (await check(901, card.idTarjeta, codeNow(card))).json();
    expect(red).toMatchObject({ valid: false, codeStale: false, holder: { firstName: 'Lucía' } });
    expect(red.reasons.map((reason) => reason.code)).toEqual(['boat_in_maintenance', 'boat_in_maintenance']);
    expect(red.boats.map((boat) => boat.valid)).toEqual([false, false]);

    // The same red card with a stale code, a screenshot's or a phone's whose clock is off: «código caducado»
    // (a screen draws it amber), saying nothing of the verdict: the very answer its green self gave.
    clock.advance(3 * 60_000);
    const stale: CardCheck = (await check(901, card.idTarjeta, codeNow(card, 3))).json();
    expect(stale).toMatchObject({ valid: false, codeStale: true, holder: null });
    expect(withoutTime(stale)).toEqual(greenStale);
  });

  it('is limited per IP address: past the limit 429 problem+json with Retry-After, other addresses unaffected', async () => {
    const ip = nextAddress();
    await database.db.delete(rateLimitHits).where(eq(rateLimitHits.key, `card-check:ip:${ip}`));
    for (let index = 0; index < CARD_CHECKS_PER_IP.max; index++)
      expect((await check(901, unknownId(), '123456', ip)).statusCode).toBe(200);
    const refused = await check(901, unknownId(), '123456', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(CARD_CHECKS_PER_IP.windowMs / 1000);
    expect((await check(901, unknownId(), '123456')).statusCode).toBe(200);
  });
});

describe('the check’s limits per card, and staff signed in at the gate (decision 040)', () => {
  const wrongCode = (card: Card) => (codeNow(card) === '000000' || codeNow(card, 1) === '000000' ? '111111' : '000000');

  /** A staff member of `clientId` signed in on a phone at `ip`. */
  async function staffAt(clientId: number, ip = nextAddress()): Promise<Agent> {
    const agent = createAgent(app, clientId, { ip });
    const { email, password } = DEMO_STAFF_ACCOUNT(clientId);
    expect((await agent.post('/session', { identifier: email, password })).statusCode).toBe(200);
    return agent;
  }

  const checkAs = (agent: Agent, id: string, code: string, clientId = agent.clientId) =>
    agent.get(`/cards/${encodeURIComponent(id)}/check?c=${code}`, { headers: { 'x-client-id': String(clientId) } });

  /** Fills a window as if its checks had been made now. */
  const fill = (key: string, count: number) =>
    database.db.insert(rateLimitHits).values(Array.from({ length: count }, () => ({ key, at: clock.now() })));

  it('lets a card be checked anonymously its ceiling of times from any addresses, by id or number, then 429; an unknown card alike', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card = await cardOf(owner.agent);
    for (let index = 0; index < CARD_CHECKS_PER_CARD.max; index++) {
      const answer = await check(901, index % 2 === 0 ? card.idTarjeta : card.number, wrongCode(card));
      expect(answer.statusCode).toBe(200);
    }
    // From a new address, with the right code and by either form: the card's ceiling is spent.
    for (const id of [card.idTarjeta, card.number]) {
      const refused = await check(901, id, codeNow(card));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(CARD_CHECKS_PER_CARD.windowMs / 1000);
    }
    // Another card is not affected, nor is this card at another marina (it is unknown there).
    const other = await cardOf((await eligibleOwner(app, database.db, 901, { now: clock.now() })).agent);
    expect((await check(901, other.idTarjeta, codeNow(other))).json()).toMatchObject({ valid: true });
    expect((await check(903, card.idTarjeta, codeNow(card))).statusCode).toBe(200);
    // A card that does not exist answers the same way, so the ceiling says nothing of which cards exist.
    const unknown = unknownId();
    for (let index = 0; index < CARD_CHECKS_PER_CARD.max; index++)
      expect((await check(901, unknown, '123456')).statusCode).toBe(200);
    expect((await check(901, unknown, '123456')).statusCode).toBe(429);
  });

  it('lets a staff member signed in at the marina check past both anonymous limits; not staff of another marina nor a customer', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card = await cardOf(owner.agent);
    // The gate's network is spent by a noisy neighbour, and the card's ceiling by a guesser.
    const gate = nextAddress();
    await fill(throttleKeys.cardCheckIp(gate), CARD_CHECKS_PER_IP.max);
    for (let index = 0; index < CARD_CHECKS_PER_CARD.max; index++) await check(901, card.idTarjeta, wrongCode(card));
    expect((await check(901, unknownId(), '123456', gate)).statusCode).toBe(429);
    expect((await check(901, card.idTarjeta, codeNow(card))).statusCode).toBe(429);

    const staff = await staffAt(901, gate);
    const checked = await checkAs(staff, card.idTarjeta, codeNow(card));
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ valid: true, codeStale: false, holder: { firstName: 'Lucía' } });
    expect((await checkAs(staff, card.number, codeNow(card))).json()).toMatchObject({ valid: true });
    // Staff's checks took nothing from the anonymous windows: still spent, still exactly so.
    expect((await check(901, card.idTarjeta, codeNow(card))).statusCode).toBe(429);

    // Staff of marina 903 have no session at 901: they are anonymous there, held by both limits.
    const elsewhere = await staffAt(903, gate);
    expect((await checkAs(elsewhere, card.idTarjeta, codeNow(card), 901)).statusCode).toBe(429);
    expect((await checkAs(await staffAt(903), card.idTarjeta, codeNow(card), 901)).statusCode).toBe(429);
    // A customer signed in at 901 is anonymous to these limits too.
    const customer = (await eligibleOwner(app, database.db, 901, { now: clock.now() })).agent;
    expect((await checkAs(customer, card.idTarjeta, codeNow(card))).statusCode).toBe(429);
    expect((await checkAs(customer, unknownId(), '123456')).statusCode).toBe(200);
  });

  it('holds a staff member to a limit of their own', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card = await cardOf(owner.agent);
    const staff = await staffAt(901);
    const [staffAccount] = await database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, DEMO_STAFF_ACCOUNT(901).email));
    const key = throttleKeys.cardCheckStaff(901, staffAccount!.id);
    await database.db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    await fill(key, CARD_CHECKS_PER_STAFF.max - 1);
    expect((await checkAs(staff, card.idTarjeta, codeNow(card))).statusCode).toBe(200);
    const refused = await checkAs(staff, card.idTarjeta, codeNow(card));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(CARD_CHECKS_PER_STAFF.windowMs / 1000);
    await database.db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
  });
});

describe('POST /card/reissue', () => {
  it('gives a new id and secret, keeps the number, and every earlier code stops at once', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const before = await cardOf(owner.agent);
    const oldCode = codeNow(before);
    expect((await check(901, before.idTarjeta, oldCode)).json().codeStale).toBe(false);

    const response = await owner.agent.post('/card/reissue');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const after: Card = response.json();
    expect(after.idTarjeta).not.toBe(before.idTarjeta);
    expect(after.code.secret).not.toBe(before.code.secret);
    expect(after.number).toBe(before.number);
    expect((await cardOf(owner.agent)).idTarjeta).toBe(after.idTarjeta);

    expect((await check(901, before.idTarjeta, oldCode)).json().codeStale).toBe(true);
    if (oldCode !== codeNow(after) && oldCode !== codeNow(after, 1)) {
      expect((await check(901, after.idTarjeta, oldCode)).json().codeStale).toBe(true);
      expect((await check(901, after.number, oldCode)).json().codeStale).toBe(true);
    }
    expect((await check(901, after.idTarjeta, codeNow(after))).json()).toMatchObject({ codeStale: false, valid: true });
    expect(await database.db.select().from(cards).where(eq(cards.accountId, owner.accountId))).toHaveLength(1);
  });

  it('needs the session and its CSRF token', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    expect((await owner.agent.post('/card/reissue', undefined, { withoutXsrf: true })).statusCode).toBe(403);
    expect((await createAgent(app, 901).post('/card/reissue')).statusCode).toBe(401);
  });
});
