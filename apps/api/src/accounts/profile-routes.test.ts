import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { useTestServer } from '../test/test-server.ts';
import { accounts, verificationCodes } from './accounts.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { outbox } from '../outbox/outbox.schema.ts';
import { sessions } from '../sessions/sessions.schema.ts';
import { latestCode, newPerson, outboxFor, registerAccount, STRONG_PASSWORD } from '../test/accounts.ts';
import { PASSWORD_CHECKS_PER_SESSION } from '../security/limits.ts';
import { createAgent } from '../test/test-agent.ts';

let database: Database;
let app: FastifyInstance;

useTestServer((server) => ({ database, app } = server));

const profileOf = (person: { firstName: string; surnames: string; email: string; phone: string }) => ({
  firstName: person.firstName,
  surnames: person.surnames,
  email: person.email,
  phone: person.phone,
});

describe('GET and PATCH /api/v1/me', () => {
  it('needs a session', async () => {
    expect((await createAgent(app, 901).get('/me')).statusCode).toBe(401);
    expect((await createAgent(app, 901).patch('/me', {})).statusCode).toBe(401);
  });

  it('applies new names at once', async () => {
    const { agent, person } = await registerAccount(app, 901);
    const response = await agent.patch('/me', { ...profileOf(person), firstName: ' Lucía María ', surnames: 'García' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      account: { firstName: 'Lucía María', surnames: 'García', email: person.email },
      pendingChanges: [],
    });
    expect((await agent.get('/me')).json()).toMatchObject({ firstName: 'Lucía María' });
  });

  it('keeps a new e-mail pending until its code, sent to the new address, confirms it', async () => {
    const { agent, person } = await registerAccount(app, 901);
    const newEmail = newPerson().email;
    const response = await agent.patch('/me', { ...profileOf(person), email: newEmail.toUpperCase() });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.account.email).toBe(person.email);
    expect(body.pendingChanges).toEqual([
      {
        changeId: expect.any(String),
        field: 'email',
        channel: 'email',
        destination: 'l•••@correo.example',
        expiresAt: expect.any(String),
        resendAvailableAt: expect.any(String),
      },
    ]);
    const [mail] = await outboxFor(app, newEmail);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Marina de Pruebas SMS: confirma tu nuevo correo' });

    const wrongCode = mail!.code === '000000' ? '111111' : '000000';
    expect(
      (await agent.post(`/me/contact-changes/${body.pendingChanges[0].changeId}/confirm`, { code: wrongCode }))
        .statusCode,
    ).toBe(422);
    const confirmed = await agent.post(`/me/contact-changes/${body.pendingChanges[0].changeId}/confirm`, {
      code: mail!.code,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newEmail });
    // The old address hears of the change.
    const [notice] = await outboxFor(app, person.email);
    expect(notice!.subject).toBe('Marina de Pruebas SMS: tu correo ha cambiado');
    expect((await agent.post('/session', { identifier: newEmail, password: STRONG_PASSWORD })).statusCode).toBe(200);
  });

  it('sends a new phone its code by SMS, whatever the marina', async () => {
    const { agent, person } = await registerAccount(app, 902);
    const newPhone = newPerson().phone;
    const body = (await agent.patch('/me', { ...profileOf(person), phone: newPhone })).json();
    expect(body.pendingChanges).toEqual([
      expect.objectContaining({
        field: 'phone',
        channel: 'sms',
        destination: expect.stringMatching(/^\+34 7•• ••• •\d\d$/),
      }),
    ]);
    const code = await latestCode(app, newPhone);
    const confirmed = await agent.post(`/me/contact-changes/${body.pendingChanges[0].changeId}/confirm`, { code });
    expect(confirmed.json()).toMatchObject({ phone: newPhone });
  });

  it('refuses with contact_unavailable when the new e-mail was taken meanwhile', async () => {
    const { agent, person } = await registerAccount(app, 901);
    const wanted = newPerson().email;
    const body = (await agent.patch('/me', { ...profileOf(person), email: wanted })).json();
    const code = await latestCode(app, wanted);
    await registerAccount(app, 901, newPerson({ email: wanted }));
    const response = await agent.post(`/me/contact-changes/${body.pendingChanges[0].changeId}/confirm`, { code });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'contact_unavailable' });
    expect((await agent.get('/me')).json().email).toBe(person.email);
  });

  it('does not let another account, or another marina, use a changeId', async () => {
    const owner = await registerAccount(app, 901);
    const wanted = newPerson().email;
    const { changeId } = (await owner.agent.patch('/me', { ...profileOf(owner.person), email: wanted })).json()
      .pendingChanges[0];
    const code = await latestCode(app, wanted);
    const stranger = await registerAccount(app, 901);
    expect((await stranger.agent.post(`/me/contact-changes/${changeId}/confirm`, { code })).statusCode).toBe(404);
    const elsewhere = await registerAccount(app, 903, owner.person);
    expect((await elsewhere.agent.post(`/me/contact-changes/${changeId}/confirm`, { code })).statusCode).toBe(404);
    expect((await owner.agent.post(`/me/contact-changes/${changeId}/confirm`, { code })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/me/password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { agent, person } = await registerAccount(app, 901);
    const other = createAgent(app, 901);
    await other.post('/session', { identifier: person.email, password: STRONG_PASSWORD });
    const response = await agent.post('/me/password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Rumbo-al-norte-2025',
    });
    expect(response.statusCode).toBe(204);
    expect((await agent.get('/session')).statusCode).toBe(200);
    expect((await other.get('/session')).statusCode).toBe(401);
    expect(
      (await other.post('/session', { identifier: person.email, password: 'Rumbo-al-norte-2025' })).statusCode,
    ).toBe(200);
    const [notice] = await outboxFor(app, person.email);
    expect(notice!.subject).toBe('Marina de Pruebas SMS: tu contraseña ha cambiado');
  });

  it('refuses a wrong current password on its field, and a common new one', async () => {
    const { agent } = await registerAccount(app, 901);
    const wrongCurrent = await agent.post('/me/password', {
      currentPassword: 'no-es-esta-1',
      newPassword: 'Rumbo-al-norte-2025',
    });
    expect(wrongCurrent.statusCode).toBe(422);
    expect(wrongCurrent.json()).toMatchObject({
      code: 'current_password_incorrect',
      errors: [{ field: 'currentPassword' }],
    });
    const common = await agent.post('/me/password', { currentPassword: STRONG_PASSWORD, newPassword: 'sunshine1' });
    expect(common.statusCode).toBe(422);
    expect(common.json()).toMatchObject({ code: 'password_too_common', errors: [{ field: 'newPassword' }] });
  });

  it('slows wrong current passwords in one session without slowing the owner elsewhere', async () => {
    const { agent, person } = await registerAccount(app, 901);
    const stolen = createAgent(app, 901);
    await stolen.post('/session', { identifier: person.email, password: STRONG_PASSWORD });
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () =>
        stolen.post('/me/password', { currentPassword: 'no-es-esta-1', newPassword: 'Rumbo-al-norte-2025' }),
      ),
    );
    expect(guesses.map((response) => response.statusCode).sort()).toEqual([
      ...Array<number>(PASSWORD_CHECKS_PER_SESSION.free).fill(422),
      ...Array<number>(10 - PASSWORD_CHECKS_PER_SESSION.free).fill(429),
    ]);
    // The owner's own session, and signing in, are not slowed by them.
    expect(
      (await createAgent(app, 901).post('/session', { identifier: person.email, password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect(
      (await agent.post('/me/password', { currentPassword: STRONG_PASSWORD, newPassword: 'Rumbo-al-norte-2025' }))
        .statusCode,
    ).toBe(204);
  });
});

describe('DELETE /api/v1/me', () => {
  it('checks the password first', async () => {
    const { agent } = await registerAccount(app, 901);
    const response = await agent.delete('/me', { password: 'no-es-esta-1', confirm: true });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'current_password_incorrect', errors: [{ field: 'password' }] });
    expect((await agent.delete('/me', { password: STRONG_PASSWORD, confirm: false })).statusCode).toBe(400);
  });

  it('anonymises the account, ends its sessions, removes its codes, notifications and messages, and frees the e-mail', async () => {
    const { agent, person, accountId } = await registerAccount(app, 901);
    const response = await agent.delete('/me', { password: STRONG_PASSWORD, confirm: true });
    expect(response.statusCode).toBe(204);
    expect((await agent.get('/session')).statusCode).toBe(401);

    const [row] = await database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row).toMatchObject({
      status: 'deleted',
      firstName: 'Cuenta borrada',
      surnames: '',
      email: null,
      phone: null,
      document: null,
      passwordHash: null,
    });
    for (const table of [sessions, verificationCodes, notifications, outbox]) {
      expect(await database.db.select().from(table).where(eq(table.accountId, accountId))).toEqual([]);
    }
    expect(await outboxFor(app, person.email)).toEqual([]);

    expect(
      (await createAgent(app, 901).post('/session', { identifier: person.email, password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(401);
    const again = await registerAccount(app, 901, person);
    expect(again.accountId).not.toBe(accountId);
  });
});
