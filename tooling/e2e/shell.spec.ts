import { createAccount, newPerson } from './accounts.ts';
import { expectBrandedShell } from './brand.ts';
import { expect, marinaUrl, test } from './fixtures.ts';

test.describe('the branded shell', () => {
  test("carries the marina's brand in title, logo, theme colour and manifest", async ({ page, visit, marina }) => {
    await visit('/home');
    await expectBrandedShell(page, marina);
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
    // A whole finger's target, not just its line of text.
    const help = await page.getByRole('link', { name: '¿Necesitas ayuda?' }).boundingBox();
    expect(help!.height).toBeGreaterThanOrEqual(44);
    await expectAccessible();
  });

  test('the intro slides follow a swipe and keep one height', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/slider');
    const slides = page.locator('section[aria-roledescription="diapositiva"]');
    const current = page.locator('section[aria-roledescription="diapositiva"][data-current="true"]');
    await expect(current.getByText('Paso 1 de 4')).toBeVisible();
    const box = (await slides.first().boundingBox())!;
    const heights = new Set<number>();
    const buttonsAt = new Set<number>();
    const measure = async () => {
      heights.add(Math.round((await current.boundingBox())!.height));
      buttonsAt.add(Math.round((await page.getByRole('button', { name: /^(Siguiente|Empezar)$/ }).boundingBox())!.y));
    };
    const swipe = async (from: number, to: number) => {
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + from, y);
      await page.mouse.down();
      await page.mouse.move(box.x + (from + to) / 2, y, { steps: 4 });
      await page.mouse.move(box.x + to, y, { steps: 4 });
      await page.mouse.up();
    };
    await measure();
    for (const step of [2, 3, 4]) {
      await swipe(box.width - 20, 20);
      await expect(current.getByText(`Paso ${step} de 4`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Anterior' })).toBeVisible();
      await measure();
    }
    await swipe(20, box.width - 20);
    await expect(current.getByText('Paso 3 de 4')).toBeVisible();
    expect([...heights], 'slide heights').toHaveLength(1);
    expect([...buttonsAt], 'where the buttons sit').toHaveLength(1);
  });

  test('loads each stylesheet once, with no preload left unused', async ({ page, visit }) => {
    const styles: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.css')) styles.push(new URL(request.url()).pathname);
    });
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await visit('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(styles.length).toBeGreaterThan(0);
    expect(
      styles.filter((path, index) => styles.indexOf(path) !== index),
      'stylesheets fetched twice',
    ).toEqual([]);
    expect(warnings.filter((text) => /preload|credentials mode/i.test(text))).toEqual([]);
  });

  test('login loads no server cache (TanStack Query); the first private screen brings it', async ({
    page,
    visit,
    marina,
  }) => {
    // A message only TanStack Query's React bindings carry: whichever chunk it lands in, it says they came.
    const marker = 'No QueryClient set';
    const scripts: Array<Promise<string>> = [];
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.endsWith('.js')) return;
      const text = response.text();
      // A chunk the app fetches after the last check may still be arriving when the test ends: its body is
      // not needed then. A body the checks wait for still fails them (`loaded` awaits the promise itself).
      text.catch(() => {});
      scripts.push(text);
    });
    const loaded = async () => (await Promise.all(scripts)).some((text) => text.includes(marker));

    await visit('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await loaded(), 'TanStack Query loaded by /login').toBe(false);

    await createAccount(page.request, marinaUrl(marina), marina.id, newPerson(marina.name), marina.sendsSms);
    await page.goto('/inicio');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeVisible();
    expect(await loaded(), 'TanStack Query loaded by /inicio').toBe(true);
  });

  test('the intro slides show once, on first start, and work with the keyboard alone', async ({
    page,
    expectAccessible,
  }) => {
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
    // Once, in the footer: not repeated in the page.
    await expect(page.getByRole('main').getByText('Versión 5.1010.1945', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText('Versión 5.1010.1945');
    const question = page.locator('summary').first();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('details').first()).toHaveAttribute('open', '');
    await expectAccessible();
  });
});
