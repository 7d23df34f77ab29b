// A real brand's smoke (decision 046): the whole suite runs on the fixture marinas; each marina of apps/ runs
// this spec alone. Its bundle was built from its own folder; here its demo owner signs in on the screens,
// sees inicio and the card, and axe finds nothing on them with the phone in light or in dark mode.
import type { Page } from '@playwright/test';
import { demoOwner } from './accounts.ts';
import { expectBrandedShell } from './brand.ts';
import { expect, test } from './fixtures.ts';

async function signInOnTheScreens(page: Page, marina: { id: number }) {
  await page.getByLabel('Correo electrónico o documento').fill(demoOwner(marina.id).email);
  await page.getByLabel('Contraseña', { exact: true }).fill(demoOwner(marina.id).password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
}

test.describe("the brand's smoke", () => {
  test('the build carries the brand: title, theme colour, logo and manifest', async ({ page, visit, marina }) => {
    await visit('/home');
    await expectBrandedShell(page, marina);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the demo owner signs in on the screens and reaches inicio, accessible in ${colorScheme} mode`, async ({
      page,
      visit,
      marina,
      expectAccessible,
    }) => {
      await page.emulateMedia({ colorScheme });
      await visit('/login');
      await expectAccessible();
      await signInOnTheScreens(page, marina);
      await expectAccessible();
    });
  }

  test("the demo owner's card is valid, and accessible", async ({ page, visit, marina, expectAccessible }) => {
    await visit('/login');
    await signInOnTheScreens(page, marina);
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Carnet' }).click();
    await expect(page.getByRole('article', { name: 'VÁLIDO' })).toBeVisible();
    await expectAccessible();
  });
});
