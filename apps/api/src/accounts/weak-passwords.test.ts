import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { latestCode, newPerson, registerAccount, STRONG_PASSWORD } from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';

let app: FastifyInstance;

useTestServer((server) => ({ app } = server));

// Lucía García Pons, of Marina de Pruebas SMS (client 901): her surnames with a year; the marina's name with one.
const HER_OWN_WORDS = 'GarciaPons2024!';
const THE_MARINAS_WORDS = 'PruebasSMS-2024';

function expectRefused(response: { statusCode: number; json(): unknown }, field: string, why: RegExp) {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({
    code: 'password_too_common',
    errors: [{ field, code: 'password_too_common', message: expect.stringMatching(why) }],
  });
}

describe('passwords easy to guess', () => {
  it('are refused at activation: common, hers, the marina’s', async () => {
    const person = newPerson();
    const agent = createAgent(app, 901);
    const { registrationId } = (await agent.post('/registrations', person)).json();
    const code = await latestCode(app, person.phone);
    const { activationToken } = (await agent.post(`/registrations/${registrationId}/validate`, { code })).json();

    expectRefused(
      await agent.post('/activations', { token: activationToken, password: 'Password1!', acceptTerms: true }),
      'password',
      /de las más usadas/,
    );
    expectRefused(
      await agent.post('/activations', { token: activationToken, password: HER_OWN_WORDS, acceptTerms: true }),
      'password',
      /tu nombre/,
    );
    expectRefused(
      await agent.post('/activations', { token: activationToken, password: THE_MARINAS_WORDS, acceptTerms: true }),
      'password',
      /la marina/,
    );
    expect(
      (await agent.post('/activations', { token: activationToken, password: STRONG_PASSWORD, acceptTerms: true }))
        .statusCode,
    ).toBe(200);
  });

  it('are refused on a password change', async () => {
    const { agent, password } = await registerAccount(app, 901);
    for (const [newPassword, why] of [
      ['demo1234', /de las más usadas/],
      [HER_OWN_WORDS, /tu nombre/],
      [THE_MARINAS_WORDS, /la marina/],
    ] as const) {
      expectRefused(await agent.post('/me/password', { currentPassword: password, newPassword }), 'newPassword', why);
    }
  });

  it('are refused on a reset, hers only once the code is proven, and the code still works after', async () => {
    const { person } = await registerAccount(app, 901);
    const agent = createAgent(app, 901);
    const { resetId } = (await agent.post('/password-resets', { identifier: person.document })).json();
    const code = await latestCode(app, person.phone);
    const wrongCode = code === '000001' ? '000002' : '000001';

    // Common and the marina's words are no secret: refused before the code is even checked.
    expectRefused(
      await agent.post(`/password-resets/${resetId}/complete`, { code: wrongCode, password: 'Marina2024' }),
      'password',
      /la marina/,
    );
    // Her own words are refused only with the right code: otherwise the answer would confirm them to anyone.
    const wrong = await agent.post(`/password-resets/${resetId}/complete`, {
      code: wrongCode,
      password: HER_OWN_WORDS,
    });
    expect(wrong.json().code).toBe('code_invalid');
    expectRefused(
      await agent.post(`/password-resets/${resetId}/complete`, { code, password: HER_OWN_WORDS }),
      'password',
      /tu nombre/,
    );
    expect(
      (await agent.post(`/password-resets/${resetId}/complete`, { code, password: 'Faro-de-levante-2024' })).statusCode,
    ).toBe(204);
    expect(
      (await createAgent(app, 901).post('/session', { identifier: person.email, password: 'Faro-de-levante-2024' }))
        .statusCode,
    ).toBe(200);
  });
});
