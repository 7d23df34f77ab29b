import { signInAsDemoOwner } from './accounts.ts';
import { expect, marinaUrl, test } from './fixtures.ts';

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
