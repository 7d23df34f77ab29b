// The sign-in screen drawn at build time (login.html, decision 017): shown before the app runs, taken over
// by it without losing what was typed, and never shown where it does not belong.
import type { Page } from '@playwright/test';
import { demoOwner, signInAsDemoOwner } from './accounts.ts';
import { expect, marinaUrl, test } from './fixtures.ts';

const seenSlides = (page: Page) => page.addInitScript(() => localStorage.setItem('mb.sliderSeen', '1'));

/** Holds the app's code back until `release()`: what the page does before the app runs can be looked at. */
async function holdTheApp(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

test.describe('the sign-in screen drawn at build time', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test("shows the form, labelled, under the marina's header", async ({ page, marina }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
      await expect(page).toHaveTitle(`Entrar · ${marina.title}`);
      await expect(page.getByLabel('Correo electrónico o documento')).toBeEditable();
      await expect(page.getByLabel('Contraseña', { exact: true })).toBeEditable();
      // Sending needs the app: the page's own submit would put the password in the address.
      await expect(page.getByRole('button', { name: 'Entrar' })).toBeDisabled();
      await expect(page.getByRole('banner')).toContainText(marina.title);
      await expect(page.getByRole('banner')).toHaveCSS('background-color', rgb(marina.brandColour));
    });
  });

  test("asks for the app only once the form is on screen: until then the network is the page's", async ({ page }) => {
    await seenSlides(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    const { painted, asked } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      asked: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/(index|react)-[\w-]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(painted).toBeGreaterThan(0);
    expect(asked).toBeGreaterThanOrEqual(painted);
  });

  test('keeps what was typed before the app took over, and focus where it was', async ({
    page,
    marina,
    expectAccessible,
  }) => {
    await seenSlides(page);
    const release = await holdTheApp(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    // The page as drawn, before the app runs (axe needs the page's JavaScript, the app does not run yet).
    await expectAccessible();
    const identifier = page.getByLabel('Correo electrónico o documento');
    await identifier.click();
    await page.keyboard.type(`demo@client${marina.id}`);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeDisabled();

    release();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    await expect(identifier).toBeFocused();
    await expect(identifier).toHaveValue(`demo@client${marina.id}`);
    await page.keyboard.type('.example');
    await page.keyboard.press('Tab');
    await page.keyboard.type(demoOwner(marina.id).password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/inicio$/);
  });

  test('is the page of the empty path, which becomes /login', async ({ page, visit }) => {
    const html = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('data-prerendered="login"');
    await visit('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  test('sends a person who is signed in on to inicio once the app runs', async ({ page, visit, marina }) => {
    await signInAsDemoOwner(page, marinaUrl(marina), marina.id);
    await visit('/login');
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
  });

  test('is never shown at another address, not even for a moment', async ({ page, visit }) => {
    const html = await (await page.request.get('/ayuda', { headers: { accept: 'text/html' } })).text();
    expect(html).not.toContain('data-prerendered');
    await page.addInitScript(() => {
      const seen = { password: false };
      (window as { seen?: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('input[type="password"]')) seen.password = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await visit('/ayuda');
    await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible();
    expect(await page.evaluate(() => (window as { seen?: { password: boolean } }).seen?.password)).toBe(false);
  });

  test('gives way to the intro slides on a first start, without showing the form first', async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeHidden();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Conoce la aplicación' })).toBeVisible();
    await expect(page).toHaveURL(/\/slider\?next=%2Flogin$/);
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveCount(0);
  });
});
