import type { BrowserContext, Locator, Page } from '@playwright/test';
import { signInAsDemoOwner } from './accounts.ts';
import { axeViolations, expect, marinaUrl, test } from './fixtures.ts';

// The installed app's service worker serves the screens without a network, as on a phone.
test.use({ serviceWorkers: 'allow' });

test('reloading a private screen offline says so, branded, with what to do and a retry', async ({
  page,
  context,
  marina,
  visit,
  expectAccessible,
}) => {
  await visit('/ayuda');
  await signInAsDemoOwner(page, marinaUrl(marina), marina.id);
  await page.goto('/inicio');
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
  // Installed and in control of the page (it takes control from the next load on).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('banner')).toContainText(marina.title);
  await expect(page.getByText(/Comprueba que tienes cobertura o wifi/)).toBeVisible();
  await expect(page.getByText(/Algo ha fallado|escribiste/)).toHaveCount(0);
  await expectAccessible();

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Volver a intentarlo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
});

/**
 * The screens that open from the copy the phone kept, each with what shows it was drawn from the copy, and
 * the name the copy has in `mb.serverCache`.
 */
const keptScreens: ReadonlyArray<{ path: string; kept: string; shows: (page: Page) => Locator }> = [
  { path: '/carnet-verde', kept: '"card"', shows: (page) => page.getByRole('img', { name: /^Código QR del carnet/ }) },
  { path: '/misbarcos', kept: '"boats"', shows: (page) => page.getByRole('article', { name: 'Brisa' }) },
  { path: '/pedidosbajadas', kept: '"launches"', shows: (page) => page.getByRole('article', { name: 'Gaviota' }) },
  { path: '/salidas', kept: '"outings"', shows: (page) => page.getByRole('region', { name: 'Historial' }) },
];

/**
 * The app closed and opened again: the page goes as a closed tab goes (its `pagehide` runs), and a new one
 * opens in the same browser, nothing of the last one in memory, the phone's storage and service worker kept.
 */
async function coldStart(page: Page, context: BrowserContext, path: string): Promise<Page> {
  await Promise.all([page.waitForEvent('close'), page.close({ runBeforeUnload: true })]);
  const next = await context.newPage();
  await next.goto(path);
  return next;
}

for (const { path, kept, shows } of keptScreens) {
  test(`${path} opens from the copy on the phone on every start without a network, under one grey line`, async ({
    page,
    context,
    marina,
    visit,
  }) => {
    await visit('/ayuda');
    await signInAsDemoOwner(page, marinaUrl(marina), marina.id);
    await page.goto(path);
    await expect(shows(page)).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(shows(page)).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('mb.serverCache') ?? ''), {
        message: `${kept} kept on the phone`,
        timeout: 20_000,
      })
      .toContain(kept);

    await context.setOffline(true);
    let current = page;
    for (let start = 1; start <= 3; start += 1) {
      current = await coldStart(current, context, path);
      await expect(shows(current), `start ${start} offline`).toBeVisible({ timeout: 15_000 });
      const line = current.getByRole('status').filter({ hasText: /^Sin conexión · actualizado a las \d\d:\d\d$/ });
      await expect(line, `start ${start} offline`).toBeVisible();
      await expect(current.getByRole('alert')).toHaveCount(0);
      await expect(current.getByRole('heading', { level: 1, name: 'Sin conexión' })).toHaveCount(0);
      // The copy itself stays in view: the line is one line, not a box and a button pushing it down.
      if (path === '/carnet-verde') await expect(shows(current)).toBeInViewport({ ratio: 1 });
    }
    expect(await axeViolations(current)).toEqual([]);
  });
}
