import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { accounts, emailConfirmations } from './accounts.schema.ts';
import { ACTIVATION_TOKEN_TTL_MS, CODE_SENDS } from '../security/limits.ts';
import {
  confirmEmail,
  latestCode,
  latestLink,
  newPerson,
  outboxFor,
  registerAccount,
  STRONG_PASSWORD,
  testClock,
} from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

const CONFIRM = '/me/email-confirmation/confirm';
const CONFIRMATION_SUBJECT = 'Marina de Pruebas SMS: confirma tu correo';

/** An active account on an SMS marina whose e-mail nobody has proven yet. */
const unproven = (clientId = 901) =>
  registerAccount(app, clientId, newPerson(), STRONG_PASSWORD, { confirmEmail: false });

const tokenOf = (link: string) => new URL(link).searchParams.get('confirmar-email')!;

async function resetCodesTo(phone: string) {
  return (await outboxFor(app, phone)).filter((message) => message.text.includes('para cambiar la contraseña'));
}

describe('the e-mail of an account on an SMS marina', () => {
  it('is unproven after activation, and a link to micuenta that proves it goes there', async () => {
    const { agent, person } = await unproven();
    expect((await agent.get('/me')).json()).toMatchObject({ email: person.email, emailVerified: false });
    const [mail] = await outboxFor(app, person.email);
    expect(mail).toMatchObject({
      channel: 'email',
      subject: CONFIRMATION_SUBJECT,
      link: expect.stringMatching(/^http:\/\/localhost:8443\/micuenta\?confirmar-email=[A-Za-z0-9_-]{43}$/),
    });
    expect(mail!.text).toContain(mail!.link);
  });

  it('recovers nothing until confirmed: a reset asked by it is a decoy; by the document the code goes to the phone', async () => {
    const { agent, person } = await unproven();
    const byEmail = await createAgent(app, 901).post('/password-resets', { identifier: person.email });
    expect(byEmail.statusCode).toBe(202);
    expect(Object.keys(byEmail.json()).sort()).toEqual(['channel', 'expiresAt', 'resendAvailableAt', 'resetId']);
    expect(await resetCodesTo(person.phone)).toEqual([]);

    expect((await createAgent(app, 901).post('/password-resets', { identifier: person.document })).statusCode).toBe(
      202,
    );
    expect(await resetCodesTo(person.phone)).toHaveLength(1);

    expect((await confirmEmail(agent, app, person.email)).json()).toMatchObject({ emailVerified: true });
    expect((await createAgent(app, 901).post('/password-resets', { identifier: person.email })).statusCode).toBe(202);
    expect(await resetCodesTo(person.phone)).toHaveLength(2);
  });

  it('gets no notice that recovers or warns: a password change is not told to an unproven e-mail', async () => {
    const { agent, person } = await unproven();
    const before = await outboxFor(app, person.email);
    expect(
      (await agent.post('/me/password', { currentPassword: STRONG_PASSWORD, newPassword: 'Rumbo-al-norte-2025' }))
        .statusCode,
    ).toBe(204);
    expect(await outboxFor(app, person.email)).toEqual(before);
  });

  it('is confirmed only by a live link of the signed-in account, for the e-mail it has now', async () => {
    const ana = await unproven();
    const bea = await unproven();
    const anaToken = tokenOf(await latestLink(app, ana.person.email));

    expect((await createAgent(app, 901).post(CONFIRM, { token: anaToken })).statusCode).toBe(401);
    for (const [agent, token] of [
      [bea.agent, anaToken],
      [ana.agent, 'x'.repeat(43)],
      [ana.agent, 'short'],
    ] as const) {
      const refused = await agent.post(CONFIRM, { token });
      expect(refused.statusCode).toBe(410);
      expect(refused.json()).toMatchObject({ code: 'token_invalid' });
    }
    expect((await bea.agent.get('/me')).json().emailVerified).toBe(false);
    expect((await ana.agent.post(CONFIRM, {})).statusCode).toBe(400);

    const confirmed = await ana.agent.post(CONFIRM, { token: anaToken });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: ana.accountId, emailVerified: true });
    // Opening the link twice is harmless.
    expect((await ana.agent.post(CONFIRM, { token: anaToken })).statusCode).toBe(200);

    clock.advance(ACTIVATION_TOKEN_TTL_MS + 1000);
    expect(
      (await bea.agent.post('/session', { identifier: bea.person.document, password: STRONG_PASSWORD })).statusCode,
    ).toBe(200);
    expect(
      (await bea.agent.post(CONFIRM, { token: tokenOf(await latestLink(app, bea.person.email)) })).statusCode,
    ).toBe(410);
  });

  it('changed with a code sent to the new address, is proven; a link sent to the old one no longer confirms', async () => {
    const { agent, person } = await unproven();
    const oldToken = tokenOf(await latestLink(app, person.email));
    const newEmail = newPerson().email;
    const change = (
      await agent.patch('/me', {
        firstName: person.firstName,
        surnames: person.surnames,
        email: newEmail,
        phone: person.phone,
      })
    ).json();
    const code = await latestCode(app, newEmail);
    const changed = await agent.post(`/me/contact-changes/${change.pendingChanges[0].changeId}/confirm`, { code });
    expect(changed.json()).toMatchObject({ email: newEmail, emailVerified: true });
    // The old, unproven address is not told either.
    expect((await outboxFor(app, person.email)).map((message) => message.subject)).not.toContain(
      'Marina de Pruebas SMS: tu correo ha cambiado',
    );
    expect((await agent.post(CONFIRM, { token: oldToken })).statusCode).toBe(410);
  });

  it('gets the link again on request, counted like codes to that address; not once confirmed', async () => {
    const { agent, person } = await unproven();
    expect((await createAgent(app, 901).post('/me/email-confirmation')).statusCode).toBe(401);
    const sent = await agent.post('/me/email-confirmation');
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ destination: 'l•••@correo.example' });
    const links = (await outboxFor(app, person.email)).filter((message) => message.subject === CONFIRMATION_SUBJECT);
    expect(links).toHaveLength(2);
    expect(new Set(links.map((message) => message.link)).size).toBe(2);

    for (let send = 2; send <= CODE_SENDS.max; send++)
      expect((await agent.post('/me/email-confirmation')).statusCode).toBe(202);
    const throttled = await agent.post('/me/email-confirmation');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'rate_limited' });

    // The first link still works.
    expect((await agent.post(CONFIRM, { token: tokenOf(links[1]!.link!) })).statusCode).toBe(200);
    const again = await agent.post('/me/email-confirmation');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'email_already_confirmed' });
  });

  it('leaves no link behind when the account is deleted', async () => {
    const { agent, accountId } = await unproven();
    expect((await agent.delete('/me', { password: STRONG_PASSWORD, confirm: true })).statusCode).toBe(204);
    expect(
      await database.db.select().from(emailConfirmations).where(eq(emailConfirmations.accountId, accountId)),
    ).toEqual([]);
  });
});

describe('an e-mail marina account whose e-mail was never proven (from before this rule)', () => {
  it('gets no reset code at that e-mail, whatever identifier is typed', async () => {
    const { person, accountId } = await registerAccount(app, 902);
    await database.db.update(accounts).set({ emailVerifiedAt: null }).where(eq(accounts.id, accountId));
    const before = await outboxFor(app, person.email);
    for (const identifier of [person.email, person.document]) {
      const response = await createAgent(app, 902).post('/password-resets', { identifier });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toMatchObject({ channel: 'email' });
    }
    expect(await outboxFor(app, person.email)).toEqual(before);
  });
});
