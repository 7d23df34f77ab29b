import type { Browser, Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { signInAsDemoOwner } from './accounts.ts';
import type { E2eClient } from './clients.ts';
import { axeViolations, expect, marinaUrl, test } from './fixtures.ts';
import { press, tabTo } from './keyboard.ts';
import { eligibleBoats, staffMember } from './marina-setup.ts';

/** What the QR on the screen says, read from a screenshot of the screen as another phone's camera would. */
async function readQr(page: Page): Promise<string> {
  const qr = page.getByRole('img', { name: /^Código QR del carnet/ });
  await qr.scrollIntoViewIfNeeded();
  const image = PNG.sync.read(await page.screenshot());
  const found = jsQR(
    new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    image.width,
    image.height,
  );
  expect(found, 'a QR code in the screenshot').not.toBeNull();
  return found!.data;
}

/** `target` whole on screen, above the tab bar (or the screen's bottom where there is none), without scrolling. */
async function expectInView(page: Page, target: Locator, what: string) {
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  const tabs = page.getByRole('navigation', { name: 'Principal' });
  const bottom = (await tabs.count()) > 0 ? (await tabs.boundingBox())!.y : page.viewportSize()!.height;
  expect(box!.y, `${what}: top on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what}: bottom above the tab bar (at ${bottom})`).toBeLessThanOrEqual(bottom);
}

const cardQr = (page: Page) => page.getByRole('img', { name: /^Código QR del carnet/ });
const cardNumber = (page: Page) => page.locator('p', { hasText: /^(Número de carnet: )?\d{4} \d{4}$/ });

const CHECK_URL = /\/checkQR\/[A-Za-z0-9_-]{22}\?c=\d{6}$/;

async function signInAsDemo(page: Page, marina: E2eClient) {
  await signInAsDemoOwner(page, marinaUrl(marina), marina.id);
}

/** A phone at the gate: never opened the app, nobody signed in, like the suite's own pages. */
async function gatePhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    serviceWorkers: 'block',
  });
  return { context, page: await context.newPage() };
}

test.describe('the card at the gate', () => {
  test('the demo owner opens the card by keyboard; its QR, read from the screen by a signed-out phone, says VÁLIDO', async ({
    page,
    browser,
    marina,
    visit,
    expectAccessible,
  }) => {
    await visit('/ayuda');
    await signInAsDemo(page, marina);
    await page.goto('/inicio');
    await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
    await press(
      page,
      page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Carnet' }),
      'Enter',
    );

    const card = page.getByRole('article', { name: 'VÁLIDO' });
    await expect(card).toBeVisible();
    await expect(page).toHaveURL(/\/carnet-verde$/);
    await expect(card).toContainText('TipoPropietario');
    await expect(card).toContainText(`Marina${marina.title}`);
    await expect(card).toContainText('Brisa');
    await expect(card).toContainText('Válido hasta');
    await expect(card).toContainText(/\d{4} \d{4}/);
    // Large enough to scan at arm's length: most of a phone's width.
    const box = await page.getByRole('img', { name: /^Código QR del carnet/ }).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(280);
    await expectAccessible();

    const url = await readQr(page);
    expect(url.startsWith(`${marinaUrl(marina)}/checkQR/`)).toBe(true);
    expect(url).toMatch(CHECK_URL);

    const gate = await gatePhone(browser);
    try {
      await gate.page.goto(url);
      const answer = gate.page.getByRole('article', { name: 'VÁLIDO' });
      await expect(answer).toBeVisible();
      // No intro slides, no sign-in on the way.
      await expect(gate.page).toHaveURL(url);
      await expect(answer).toContainText('TipoPropietario');
      await expect(answer).toContainText(/Titular\S+ \S\./);
      await expect(answer).toContainText('Brisa: puede usarlo');
      await expect(answer).toContainText(/Comprobado a las \d\d:\d\d:\d\d/);
      await expect(gate.page.getByRole('banner')).toContainText(marina.title);
      expect(await axeViolations(gate.page)).toEqual([]);

      // The same card without its code of the minute, or with an old one (a screenshot, a phone's clock off),
      // proves nothing: amber «Código caducado», asking to open the card again, never «NO VÁLIDO».
      for (const stalePath of [url.replace(/\?c=\d{6}$/, ''), url.replace(/\?c=\d{6}$/, '?c=000000')]) {
        await gate.page.goto(stalePath);
        const stale = gate.page.getByRole('article', { name: 'Código caducado' });
        await expect(stale).toContainText('Pide que abra el carnet de nuevo');
        await expect(stale).not.toContainText('Titular');
        await expect(gate.page.getByText(/VÁLIDO/)).toHaveCount(0);
      }
      expect(await axeViolations(gate.page)).toEqual([]);
      // «Volver» on a phone that opened the app at the check: to sign in, never into the intro slides.
      await press(gate.page, gate.page.getByRole('link', { name: 'Volver' }), 'Enter');
      await expect(gate.page).toHaveURL(/\/login$/);
      await expect(gate.page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    } finally {
      await gate.context.close();
    }

    // Re-issuing asks first, by keyboard; «No» leaves the card as it was and puts focus back.
    const reissue = page.getByRole('button', { name: 'Renovar el carnet' });
    await press(page, reissue, 'Enter');
    const question = page.getByRole('group', { name: '¿Renovar tu carnet?' });
    await expect(question).toContainText('dejan de funcionar al momento');
    await expect(question.getByRole('heading')).toBeFocused();
    await expectAccessible();
    await press(page, question.getByRole('button', { name: 'No, mantenerlo' }), 'Enter');
    await expect(reissue).toBeFocused();
  });

  test('while shown, the QR renews itself at every step of the code, for the same card', async ({
    page,
    marina,
    visit,
  }) => {
    await visit('/ayuda');
    await signInAsDemo(page, marina);
    // The page's own clock, moved on a step at a time (time otherwise flows as usual).
    await page.clock.install();
    await page.goto('/carnet-verde');
    await expect(page.getByRole('article', { name: 'VÁLIDO' })).toBeVisible();
    const first = await readQr(page);
    await page.clock.runFor(61_000);
    await expect.poll(() => readQr(page), { message: 'a new code after a step' }).not.toBe(first);
    const second = await readQr(page);
    await page.clock.runFor(61_000);
    await expect.poll(() => readQr(page), { message: 'another code after another step' }).not.toBe(second);
    const third = await readQr(page);
    for (const url of [second, third]) {
      expect(url).toMatch(CHECK_URL);
      expect(url.split('?')[0]).toBe(first.split('?')[0]);
    }
  });

  test('a customer without boats sees carnet-rojo with its reasons and never reaches carnet-verde', async ({
    page,
    signedIn: _,
    expectAccessible,
  }) => {
    await page.goto('/carnet-verde');
    const card = page.getByRole('article', { name: 'NO VÁLIDO' });
    await expect(card).toBeVisible();
    await expect(page).toHaveURL(/\/carnet-rojo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu carnet no es válido' })).toBeVisible();
    const reasons = card.getByRole('list', { name: 'Por qué no es válido' });
    await expect(reasons).toContainText('Sin barcos en la marina');
    await expect(page.getByRole('img', { name: /^Código QR/ })).toHaveCount(0);
    await expect(page.getByText('VÁLIDO', { exact: true })).toHaveCount(0);
    await expectAccessible();

    // The tab leads to the same red card, marked as the current tab.
    await page.goto('/inicio');
    const tab = page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Carnet' });
    await press(page, tab, 'Enter');
    await expect(page).toHaveURL(/\/carnet-rojo$/);
    await expect(tab).toHaveAttribute('aria-current', 'page');

    // The fix, by keyboard.
    await press(page, reasons.getByRole('link', { name: 'Solicitar contrato' }), 'Enter');
    await expect(page).toHaveURL(/\/alta-contrato$/);
  });

  test('a check that cannot reach the marina reads «No se pudo comprobar», never «no válido»; too many checks say so', async ({
    page,
  }) => {
    const path = '/checkQR/AbCdEfGhIjKlMnOpQrStUv?c=123456';
    await page.route('**/api/v1/cards/**', (route) => route.abort('internetdisconnected'));
    await page.goto(path);
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('No se pudo comprobar', { timeout: 15_000 });
    await expect(page.getByText(/NO VÁLIDO/i)).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.unroute('**/api/v1/cards/**');
    await page.route('**/api/v1/cards/**', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '120' },
        body: JSON.stringify({ type: 'about:blank', title: 'Too Many Requests', status: 429, code: 'rate_limited' }),
      }),
    );
    await press(page, page.getByRole('button', { name: 'Volver a intentarlo' }), 'Enter');
    await expect(page.getByRole('alert')).toContainText('Demasiadas comprobaciones');
    await expect(page.getByRole('alert')).toContainText('Podrás volver a intentarlo en 2 minutos.');
    await expect(page.getByText(/NO VÁLIDO/i)).toHaveCount(0);

    // The marina answers again: an unknown card without a valid code is «Código caducado».
    await page.unroute('**/api/v1/cards/**');
    await tabTo(page, page.getByRole('button', { name: 'Volver a intentarlo' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('article', { name: 'Código caducado' })).toBeVisible();
    await expect(page.getByText(/NO VÁLIDO/i)).toHaveCount(0);
  });

  test('the open card turns red by itself, without a reload, within 35 s of staff putting every boat into maintenance', async ({
    page,
    marina,
    signedIn,
  }) => {
    test.slow();
    const staff = await staffMember(marina);
    try {
      const boats = await eligibleBoats(page.request, marina, signedIn, 1, staff.call);
      await page.goto('/carnet-verde');
      await expect(page.getByRole('article', { name: 'VÁLIDO' })).toBeVisible();
      await expect(cardQr(page)).toBeVisible();
      // Set on this document: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      for (const id of boats) await staff.call('patch', `staff/boats/${id}`, { state: 'maintenance' });

      const red = page.getByRole('article', { name: 'NO VÁLIDO' });
      await expect(red).toBeVisible({ timeout: 40_000 });
      await expect(page).toHaveURL(/\/carnet-rojo$/);
      await expect(red).toContainText('mantenimiento');
      await expect(cardQr(page)).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    } finally {
      await staff.dispose();
    }
  });

  test('on a 320 × 568 phone the QR and the number show without scrolling, and so do the re-issue question’s buttons', async ({
    page,
    marina,
    visit,
  }) => {
    await visit('/ayuda');
    await signInAsDemo(page, marina);
    for (const viewport of [
      { width: 320, height: 568 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/carnet-verde');
      await expect(page.getByRole('article', { name: 'VÁLIDO' })).toBeVisible();
      const size = `${viewport.width} × ${viewport.height}`;
      await expectInView(page, page.locator('article img').first(), `the logo at ${size}`);
      await expectInView(page, page.locator('#carnet-veredicto'), `the verdict at ${size}`);
      await expectInView(page, cardQr(page), `the QR at ${size}`);
      await expectInView(page, cardNumber(page), `the number at ${size}`);

      await press(page, page.getByRole('button', { name: 'Renovar el carnet' }), 'Enter');
      const question = page.getByRole('group', { name: '¿Renovar tu carnet?' });
      await expect(question).toBeVisible();
      await expectInView(page, question.getByRole('button', { name: 'Sí, renovar' }), `«Sí, renovar» at ${size}`);
      await expectInView(page, question.getByRole('button', { name: 'No, mantenerlo' }), `«No, mantenerlo» at ${size}`);
      await press(page, question.getByRole('button', { name: 'No, mantenerlo' }), 'Enter');
    }
  });

  test.describe('offline', () => {
    // The installed app's service worker serves the screens without a network, as on a phone.
    test.use({ serviceWorkers: 'allow' });

    test('after one visit, the card opens without a network with its QR, and the lists say they are a copy', async ({
      page,
      context,
      marina,
      visit,
      expectAccessible,
    }) => {
      await visit('/ayuda');
      await signInAsDemo(page, marina);
      await page.goto('/carnet-verde');
      await expect(page.getByRole('article', { name: 'VÁLIDO' })).toBeVisible();
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect(page.getByRole('article', { name: 'VÁLIDO' })).toBeVisible();
      const online = await readQr(page);
      // The card, the boats and the launches are on the phone (inicio loads the lists).
      await page.goto('/inicio');
      await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
      // Kept once every list has arrived (a busy machine takes its time), a second after the last change.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const kept = localStorage.getItem('mb.serverCache') ?? '';
              return ['"card"', '"boats"', '"launches"']
                .filter((key) => !kept.includes(key))
                .concat(kept === '' ? ['(nothing kept)'] : []);
            }),
          { timeout: 20_000, message: 'the lists not kept on the phone' },
        )
        .toEqual([]);

      await context.setOffline(true);
      await page.goto('/carnet-verde');
      const card = page.getByRole('article', { name: 'VÁLIDO' });
      await expect(card).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(/^Sin conexión · actualizado a las \d\d:\d\d$/)).toBeVisible();
      await expect(card).toContainText(/Comprobado(hoy|ayer|[a-záéíóú]+ \d{1,2} de [a-z]+), \d{1,2}:\d\d/);
      // The offline line does not push the code off a small phone's screen.
      await page.setViewportSize({ width: 320, height: 568 });
      await expectInView(page, cardQr(page), 'the QR offline at 320 × 568');
      await expectInView(page, cardNumber(page), 'the number offline at 320 × 568');
      await page.setViewportSize({ width: 390, height: 844 });
      const offline = await readQr(page);
      expect(offline).toMatch(CHECK_URL);
      // The same card, its code still computed by the phone.
      expect(offline.split('?')[0]).toBe(online.split('?')[0]);
      await expectAccessible();

      const tabs = page.getByRole('navigation', { name: 'Principal' });
      await press(page, tabs.getByRole('link', { name: 'Mis barcos' }), 'Enter');
      await expect(page.getByRole('article', { name: 'Brisa' })).toBeVisible();
      await expect(page.getByText(/^Sin conexión · actualizado a las \d\d:\d\d$/)).toBeVisible();
      await press(page, tabs.getByRole('link', { name: 'Bajadas' }), 'Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Bajadas' })).toBeVisible();
      await expect(page.getByText(/^Sin conexión · actualizado a las \d\d:\d\d$/)).toBeVisible();
    });
  });
});
