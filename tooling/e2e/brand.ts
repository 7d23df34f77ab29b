import type { Page } from '@playwright/test';
import type { E2eClient } from './clients.ts';
import { expect } from './fixtures.ts';

/**
 * The marina's brand as its bundle carries it, on `/home`: the welcome and the page title name it, the theme
 * colour and the manifest are its own, and its logo and icon load. The shell spec checks it on the fixture
 * marinas, each real brand's smoke on its own bundle.
 */
export async function expectBrandedShell(page: Page, marina: Pick<E2eClient, 'title' | 'brandColour'>) {
  await expect(page.getByRole('heading', { level: 1, name: `Te damos la bienvenida a ${marina.title}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(marina.title));
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute(
    'content',
    marina.brandColour,
  );
  const logo = page.getByRole('img', { name: marina.title });
  await expect(logo).toBeVisible();
  // Visible as soon as its box is laid out; loaded a moment later on a busy machine.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: marina.title, lang: 'es', theme_color: marina.brandColour });
  for (const icon of manifest.icons as { src: string }[]) {
    expect((await page.request.get(icon.src)).ok(), icon.src).toBe(true);
  }
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/brand/icon.svg');
  const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect((await page.request.get(appleTouchIcon!)).headers()['content-type']).toMatch(/^image\/png/);
}
