import { expect, test } from './fixtures.ts';

test.describe('the branded shell', () => {
  test("carries the marina's brand in title, logo, theme colour and manifest", async ({ page, visit, marina }) => {
    await visit('/home');
    await expect(page.getByRole('heading', { level: 1, name: `Bienvenido a ${marina.title}` })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(marina.title));
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', marina.brandColour);
    const logo = page.getByRole('img', { name: marina.title });
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: marina.title, lang: 'es', theme_color: marina.brandColour });
    expect((await page.request.get(manifest.icons[0].src)).ok()).toBe(true);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/brand/icon.svg');
  });

  test('sends the empty path to login', async ({ page, visit }) => {
    await visit('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows a Spanish not-found screen for an unknown path', async ({ page, visit, expectAccessible }) => {
    await visit('/no-existe/de-verdad');
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page).toHaveURL(/\/no-existe\/de-verdad$/);
    await expectAccessible();
  });

  test('sends a private screen to login, remembering where it was going', async ({ page, visit }) => {
    await visit('/misbarcos');
    await expect(page).toHaveURL(/\/login\?next=%2Fmisbarcos$/);
  });
});

test.describe('the public screens', () => {
  test('home welcomes with sign-in and registration', async ({ page, visit, expectAccessible }) => {
    await visit('/home');
    await expect(page.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/registro');
    await expectAccessible();
  });

  test('the intro slides show once, on first start, and work with the keyboard alone', async ({ page, expectAccessible }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/slider\?next=%2Flogin$/);
    await expectAccessible();
    for (let step = 1; step < 4; step += 1) {
      await expect(page.getByText(`Paso ${step} de 4`)).toBeVisible();
      await page.getByRole('button', { name: 'Siguiente' }).focus();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByText('Paso 4 de 4')).toBeVisible();
    await expectAccessible();
    await page.getByRole('button', { name: 'Empezar' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/home$/);
  });

  test("help gives the marina's contact, hours, FAQ and version", async ({ page, visit, expectAccessible }) => {
    await visit('/ayuda');
    await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Llamar al \+34/ })).toHaveAttribute('href', /^tel:\+34\d{9}$/);
    await expect(page.getByText('Versión de la aplicación: 5.1010.1945')).toBeVisible();
    const question = page.locator('summary').first();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('details').first()).toHaveAttribute('open', '');
    await expectAccessible();
  });
});
