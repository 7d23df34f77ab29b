import { fileURLToPath } from 'node:url';
import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import type { ContractList } from '@marina/core/domain/boats.ts';
import type { Marina } from '@marina/core/domain/marina.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { formatDay } from '@marina/core/domain/format-dates.ts';
import { apiCaller, signInAsDemoOwner } from './accounts.ts';
import { expect, marinaUrl, test } from './fixtures.ts';
import { press, tabTo, typeDate, typeInto } from './keyboard.ts';

/** A small PDF, as a customer's insurer sends it. */
const CERTIFICATE = fileURLToPath(new URL('./files/certificado-seguro.pdf', import.meta.url));

/**
 * Opens the file picker from the keyboard and chooses the certificate. Chromium now and then drops the Space
 * that asks for the picker (CI, busy machine), so a lost one is asked for again, as a person would press
 * again. One wait covers every attempt: a picker that comes late (a busy machine: past 10 s) is still
 * Playwright's to answer, not left open in the browser, where it would keep every later one from opening
 * (what made three attempts in a row fail). A field the keyboard cannot open still fails: nothing comes.
 */
async function chooseCertificate(page: Page, target: Locator) {
  const chooser = page.waitForEvent('filechooser', { timeout: 60_000 });
  let came = false;
  void chooser.then(
    () => (came = true),
    () => undefined,
  );
  for (let attempt = 1; attempt <= 3 && !came; attempt += 1) {
    await tabTo(page, target);
    await page.keyboard.press('Space');
    // Asked again only if nothing came meanwhile; the wait for the chooser itself goes on.
    await Promise.race([chooser.catch(() => undefined), page.waitForTimeout(15_000)]);
  }
  await (await chooser).setFiles(CERTIFICATE);
}

const uniqueRegistration = () => `7ª-E2-${Math.floor(Math.random() * 9000 + 1000)}-${Date.now() % 100000}`;

test.describe('boats, contracts and data validation', () => {
  test('the demo owner sees their boats: two ready, the third waiting for approval', async ({
    page,
    marina,
    visit,
    expectAccessible,
  }) => {
    await visit('/ayuda');
    await signInAsDemoOwner(page, marinaUrl(marina), marina.id);
    await page.goto('/misbarcos');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis barcos' })).toBeVisible();
    for (const name of ['Brisa', 'Gaviota']) {
      const boat = page.getByRole('article', { name });
      await expect(boat.getByText('Lista', { exact: true })).toBeVisible();
      await expect(boat.getByRole('list', { name: /^Qué falta/ })).toHaveCount(0);
    }
    const waiting = page.getByRole('article', { name: 'Tramontana' });
    await expect(waiting.getByRole('list', { name: 'Qué falta: Tramontana' })).toContainText(
      'Contrato pendiente de aprobación',
    );
    await expectAccessible();

    // Inicio lists them too, each with its state.
    await page.goto('/inicio');
    const card = page.getByRole('region', { name: 'Mis barcos' });
    await expect(card).toContainText('Tramontana');
    await expect(card).toContainText('Contrato pendiente de aprobación');

    // A boat's screen: everything about it, and its certificate to download.
    await page.goto('/misbarcos');
    await page
      .getByRole('article', { name: 'Brisa' })
      .getByRole('link', { name: /^Ver y corregir/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Brisa' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resumen' })).toContainText('MotorMercury 115 CV');
    await expectAccessible();
    const download = page.waitForEvent('download');
    // The insurance is folded while it is in order: opened, it offers its certificate.
    await page.getByRole('region', { name: 'Seguro' }).locator('summary').click();
    await page.getByRole('button', { name: 'Descargar el certificado' }).click();
    expect((await download).suggestedFilename()).toMatch(/^seguro-.+\.pdf$/);
  });

  test('a new customer, with the keyboard alone on a phone: validates their data, asks for a contract for a new boat with its certificate; staff approve it and the boat is ready', async ({
    page,
    marina,
    signedIn: _,
    expectAccessible,
  }) => {
    // Three forms typed key by key, a staff sign-in and an approval.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const headers = { 'X-Client-Id': String(marina.id) };
    const { timeZone } = (await (await page.request.get('/api/v1/client', { headers })).json()) as Marina;
    const today = todayIn(timeZone);

    // 1. Inicio puts the data to confirm first.
    await page.goto('/inicio');
    const due = page.getByRole('region', { name: 'Tienes algo pendiente' });
    await expect(page.getByRole('main').getByRole('region').first()).toHaveAccessibleName('Tienes algo pendiente');
    await press(page, due.getByRole('link', { name: 'Revisar mis datos' }), 'Enter');

    // 2. validar-datos, by keyboard.
    await expect(page.getByRole('heading', { level: 1, name: 'Validar mis datos' })).toBeVisible();
    await expect(page.getByText('Datos pendientes de validar')).toBeVisible();
    await expectAccessible();
    await typeDate(page, page.getByLabel('Caducidad del documento de identidad'), addDays(today, 3 * 365));
    await press(page, page.getByRole('checkbox', { name: 'No tengo titulación (patronea otra persona).' }));
    await press(page, page.getByRole('checkbox', { name: 'Confirmo que mis datos son correctos.' }));
    await press(page, page.getByRole('button', { name: 'Confirmar mis datos' }), 'Enter');
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole('region', { name: 'Estado de la cuenta' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tienes algo pendiente' })).toHaveCount(0);

    // 3. No boats yet: misbarcos leads to alta-contrato.
    await page.goto('/misbarcos');
    await expect(page.getByText(/Aún no tienes ningún barco/)).toBeVisible();
    await press(page, page.getByRole('link', { name: 'Solicitar contrato' }), 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitar contrato' })).toBeVisible();
    await expect(page.getByText(/El puerto admite barcos de hasta \d+(,\d+)?\sm de eslora/).first()).toBeVisible();
    await expectAccessible();

    // 4. alta-contrato for a new boat, by keyboard, with its certificate.
    const registration = uniqueRegistration();
    await typeInto(page, page.getByLabel('Nombre del barco'), 'Cormorán');
    await typeInto(page, page.getByLabel('Matrícula'), registration);
    await typeInto(page, page.getByLabel('Eslora (m)'), '5,8');
    await typeInto(page, page.getByLabel('Manga (m)'), '2,2');
    await typeInto(page, page.getByLabel('Aseguradora'), 'Mapfre');
    await typeInto(page, page.getByLabel('Número de póliza'), `POL-${Date.now()}`);
    await typeDate(page, page.getByLabel('Caducidad del seguro'), addDays(today, 200));
    await chooseCertificate(page, page.getByLabel('Certificado del seguro (opcional)'));
    // The plans: the first takes focus, an arrow moves to the next and picks it.
    await tabTo(page, page.getByRole('radio', { name: 'Anual' }));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Temporada' })).toBeChecked();
    await expect(page.getByLabel('Fecha de inicio')).toHaveValue(today);
    await press(page, page.getByRole('checkbox', { name: 'He leído y acepto las condiciones del contrato.' }));
    await press(page, page.getByRole('button', { name: 'Solicitar contrato' }), 'Enter');

    await expect(page).toHaveURL(/\/misbarcos$/);
    await expect(page.getByRole('status')).toContainText('Solicitud enviada. El puerto la revisará');
    const boat = page.getByRole('article', { name: 'Cormorán' });
    await expect(boat.getByRole('list', { name: 'Qué falta: Cormorán' })).toContainText(
      'Contrato pendiente de aprobación',
    );

    // 5. Staff approve it, signed in through the API in a context of their own.
    const { contracts } = (await (await page.request.get('/api/v1/contracts', { headers })).json()) as ContractList;
    expect(contracts).toHaveLength(1);
    const staff = await playwrightRequest.newContext({ baseURL: marinaUrl(marina) });
    const call = apiCaller(staff, marinaUrl(marina), marina.id);
    await call('post', 'session', {
      identifier: `staff@client${marina.id}.example`,
      password: `Puerto-Staff-${marina.id}`,
    });
    await call('post', `staff/contracts/${contracts[0]!.id}/approve`, {});
    await staff.dispose();

    // 6. The boat is ready: no badges.
    await page.reload();
    await expect(boat.getByText('Lista', { exact: true })).toBeVisible();
    await expect(boat.getByRole('list', { name: /^Qué falta/ })).toHaveCount(0);
    // Ready, so its one next action is to the water.
    await expect(boat.getByRole('link', { name: /^Pedir bajada/ })).toBeVisible();

    // 7. Its screen: the contract, and the certificate on file; the data and the insurance are corrected by keyboard.
    await press(page, boat.getByRole('link', { name: /^Ver y corregir/ }), 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Cormorán' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Resumen' })).toContainText(/Activo · Temporada/);
    const insurance = page.getByRole('region', { name: 'Seguro' });
    await expect(insurance).toContainText('Certificado subido el');
    await expectAccessible();

    // The two forms are folded, one open at a time: each opened by keyboard.
    const data = page.getByRole('region', { name: 'Datos del barco' });
    await press(page, data.locator('summary'), 'Enter');
    await typeInto(page, data.getByLabel('Motor'), 'Honda 60 CV');
    await press(page, data.getByRole('button', { name: 'Guardar cambios' }), 'Enter');
    await expect(data.getByRole('status')).toHaveText('Cambios guardados.');

    await press(page, insurance.locator('summary'), 'Enter');
    await expect(data.getByLabel('Motor')).toBeHidden();
    await typeInto(page, insurance.getByLabel('Número de póliza'), '-R');
    await typeDate(page, insurance.getByLabel('Caducidad del seguro'), addDays(today, 400));
    await chooseCertificate(page, insurance.getByLabel('Certificado del seguro'));
    await press(page, insurance.getByRole('button', { name: 'Guardar el seguro' }), 'Enter');
    await expect(insurance.getByRole('status')).toHaveText('Seguro guardado.');
    const summary = page.getByRole('region', { name: 'Resumen' });
    await expect(summary).toContainText('MotorHonda 60 CV');
    await expect(summary).toContainText(`SeguroHasta el ${formatDay(addDays(today, 400))}`);
  });
});
