import type { Response } from '@playwright/test';
import type { RegistrationStarted } from '@marina/core/domain/accounts.ts';
import {
  apiCaller,
  demoOwner,
  fillRegistration,
  latestCode,
  newPerson,
  registrationBody,
  signIn,
  testAddress,
} from './accounts.ts';
import { expect, marinaUrl, test } from './fixtures.ts';

test.describe('accounts', () => {
  test('register, validate, activate, sign out, sign in, recover and sign in again', async ({
    page,
    visit,
    marina,
    expectAccessible,
  }) => {
    const person = newPerson(marina.name);
    const codeTo = marina.sendsSms ? person.phoneE164 : person.email;

    await visit('/registro');
    await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
    await expectAccessible();
    await fillRegistration(page, person);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Valida tu registro' })).toBeVisible();
    const sentTo = marina.sendsSms
      ? `por SMS al +34 ${person.phoneE164[3]}•• ••• •${person.phoneE164.slice(-2)}`
      : `por correo electrónico a a•••@correo.example`;
    await expect(page.getByText(sentTo)).toBeVisible();
    await expect(page.getByLabel('Código de verificación')).toHaveAttribute('autocomplete', 'one-time-code');
    await expectAccessible();
    const registrationCode = await latestCode(page.request, codeTo);
    await page.getByLabel('Código de verificación').fill(registrationCode);
    await page.getByRole('button', { name: 'Validar' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Activa tu cuenta' })).toBeVisible();
    await expect(page.getByText('Hola, Ana. Elige tu contraseña para terminar.')).toBeVisible();
    await page.getByLabel('Contraseña nueva').fill(person.password);
    await expect(page.getByText(/^Seguridad: /)).toBeVisible();
    await page.getByLabel('Acepto las condiciones del servicio de la marina.').check();
    await expectAccessible();
    await page.getByRole('button', { name: 'Activar cuenta' }).click();

    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeVisible();
    await expect(page.getByText('Tienes 1 notificación sin leer.')).toBeVisible();
    await expectAccessible();

    await page.getByRole('link', { name: /^Más/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Más' })).toBeVisible();
    await expectAccessible();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/inicio$/);
    await page.getByRole('link', { name: /^Más/ }).click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recuperar la contraseña' })).toBeVisible();
    await expectAccessible();
    await page.getByLabel('Correo electrónico o documento').fill(person.document);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText(marina.sendsSms ? /código por SMS/ : /código por correo electrónico/)).toBeVisible();
    const resetCode = await latestCode(page.request, codeTo, registrationCode);
    await page.getByLabel('Código de verificación').fill(resetCode);
    const newPassword = `${person.password}-nueva`;
    await page.getByLabel('Contraseña nueva').fill(newPassword);
    await expectAccessible();
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expect(page.getByText(/Contraseña cambiada/)).toBeVisible();
    await page.getByRole('link', { name: 'Ir a entrar' }).click();

    await signIn(page, person.document, person.password);
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAccessibleDescription(
      'El usuario o la contraseña no son correctos.',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
    await signIn(page, person.document, newPassword);
    await expect(page).toHaveURL(/\/inicio$/);
  });

  test('a wrong code says so and keeps the screen', async ({ page, visit, marina }) => {
    const person = newPerson(marina.name);
    await visit('/registro');
    await fillRegistration(page, person);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Valida tu registro' })).toBeVisible();
    const code = await latestCode(page.request, marina.sendsSms ? person.phoneE164 : person.email);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Código de verificación').fill(wrong);
    await page.getByRole('button', { name: 'Validar' }).click();
    const codeField = page.getByLabel('Código de verificación');
    // The field says how many tries the code has left (five in all).
    await expect(codeField).toHaveAccessibleDescription('El código no es correcto. Te quedan 4 intentos.');
    await expect(codeField).toHaveValue(wrong);
    // One problem, one message: not again in a banner; and typing makes it the new problem.
    await expect(page.getByText('El código no es correcto.', { exact: false })).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await codeField.fill('12ab');
    await expect(codeField).toHaveAccessibleDescription('El código tiene 6 cifras.');
    await expect(page.getByText('El código no es correcto.', { exact: false })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Podrás pedir otro código en \d+ s/ })).toBeDisabled();
  });

  test('an expired code says so', async ({ page, visit, marina }) => {
    const person = newPerson(marina.name);
    const codeTo = marina.sendsSms ? person.phoneE164 : person.email;
    await visit('/registro');
    await fillRegistration(page, person);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Valida tu registro' })).toBeVisible();
    const code = await latestCode(page.request, codeTo);
    const expired = await page.request.post('/api/v1/dev/expire-codes', { data: { destination: codeTo } });
    expect(expired.ok()).toBe(true);
    await page.getByLabel('Código de verificación').fill(code);
    await page.getByRole('button', { name: 'Validar' }).click();
    await expect(page.getByLabel('Código de verificación')).toHaveAccessibleDescription(
      'El código ha caducado. Pide uno nuevo.',
    );
  });

  test('repeated wrong sign-ins are slowed down with a message', async ({ page, visit, marina }) => {
    // Throttled the same whether or not the account exists, so any address shows it.
    const email = newPerson(marina.name).email;
    await visit('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    // A new guess each time: the same wrong password again is refused on the phone, without a call. Each
    // guess waits for the server's answer (not for a message that may never come): a 401 is one more
    // failure, the 429 that the throttle answers sooner or later is what the screen must show. Not the 403
    // a first change may get before the visitor has an XSRF cookie: the app fetches one and sends the same
    // guess again, and that second answer is the guess's (matching the 403 put every later guess one behind).
    const isSignIn = (response: Response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === '/api/v1/session' &&
      response.status() !== 403;
    let attempt = 0;
    await expect(async () => {
      attempt += 1;
      const [answer] = await Promise.all([
        page.waitForResponse(isSignIn),
        signIn(page, email, `no-es-la-contraseña-${attempt}`),
      ]);
      expect(answer.status()).toBe(429);
    }).toPass({ timeout: 30_000, intervals: [0] });
    await expect(page.getByRole('alert')).toHaveText(
      /^Demasiados intentos\. Podrás volver a intentarlo en \d+ (segundos?|minutos?)\.$/,
    );
    await expect(page.getByLabel('Correo electrónico o documento')).toHaveValue(email);
  });

  test('the demo owner signs in as the README says, with the keyboard alone', async ({
    page,
    visit,
    marina,
    expectAccessible,
  }) => {
    await visit('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await expectAccessible();
    // The screen's title takes focus on arrival, so the next stop is the first field.
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Correo electrónico o documento')).toBeFocused();
    await page.keyboard.type(demoOwner(marina.id).email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
    await page.keyboard.type(demoOwner(marina.id).password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/inicio$/);
  });

  test('accounts the suite makes through the API never meet the per-address registration limit', async ({
    page,
    marina,
  }) => {
    // One more than a single address may register in an hour: each from its own test address.
    for (let n = 0; n < 21; n += 1) {
      const person = newPerson(`${marina.name}-${n}`);
      const call = apiCaller(page.request, marinaUrl(marina), marina.id, { from: testAddress() });
      const started = await call<RegistrationStarted>('post', 'registrations', registrationBody(person));
      expect(started.registrationId).toBeTruthy();
    }
  });
});
