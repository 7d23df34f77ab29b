import type { Page } from '@playwright/test';
import { href, paths, PRIVATE_ROUTES, PUBLIC_ROUTES, type RouteName } from '@marina/core/lib/paths.ts';
import { longEmail, longestPerson, validatedRegistration } from './accounts.ts';
import { expect, marinaUrl, test } from './fixtures.ts';

/** Every route of the app as a path a person can open (a route not yet built shows the not-found screen). */
function pathOf(name: RouteName): string {
  if (name === 'checkQR') return href.checkQR('TARJETA-0000000000000000000000000000000000000000');
  // The account has no boats: a boat's screen says so (not found), with the longest values around it.
  if (name === 'barco') return href.barco('00000000-0000-4000-8000-000000000000');
  return paths[name];
}

interface TabMetrics {
  label: string;
  lines: number;
  iconTop: number;
}

/** Opens a screen and waits until it has drawn what it loads. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText('Cargando…')).toHaveCount(0);
}

/** The screen is no wider than the phone: nothing makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what}: ${scrollWidth} px wide in a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
}

/** The tab bar is wholly in view, each label on one line, every icon at the same height, the badge at a corner. */
async function expectTabBar(page: Page, what: string) {
  const bar = page.getByRole('navigation', { name: 'Principal' });
  await expect(bar, what).toBeInViewport({ ratio: 1 });
  for (const tab of await bar.getByRole('link').all()) await expect(tab, what).toBeInViewport({ ratio: 1 });

  const tabs = await bar.evaluate((nav): TabMetrics[] =>
    [...nav.querySelectorAll('a')].map((link) => {
      // The label is the link's first text that is not the badge's number or its hidden words.
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      let label: Text | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent?.trim() && /^[A-Za-zÁÉÍÓÚáéíóúñ]/.test(node.textContent.trim())) {
          label = node as Text;
          break;
        }
      }
      const range = document.createRange();
      if (label) range.selectNodeContents(label);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return {
        label: label?.textContent?.trim() ?? '',
        lines: tops.size,
        iconTop: link.querySelector('svg')!.getBoundingClientRect().top,
      };
    }),
  );
  for (const tab of tabs) expect(tab.lines, `${what}: the tab "${tab.label}" takes ${tab.lines} lines`).toBe(1);
  const tops = tabs.map((tab) => Math.round(tab.iconTop));
  expect(new Set(tops).size, `${what}: the tab icons sit at different heights (${tops.join(', ')})`).toBe(1);

  const badge = await bar.getByRole('link', { name: /^Más/ }).evaluate((link) => {
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/^\d+$/.test(node.textContent?.trim() ?? '')) {
        const box = node.parentElement!.getBoundingClientRect();
        const icon = link.querySelector('svg')!.getBoundingClientRect();
        return { box: box.toJSON() as DOMRect, icon: icon.toJSON() as DOMRect };
      }
    }
    return null;
  });
  expect(badge, `${what}: the unread badge on "Más"`).not.toBeNull();
  const { box, icon } = badge!;
  const overlaps = box.left < icon.right && box.right > icon.left && box.top < icon.bottom && box.bottom > icon.top;
  if (overlaps) {
    // On the icon's top-right corner at most: the icon's middle (where "Más" draws its dots) stays clear.
    expect(Math.max(box.left, icon.left), `${what}: the badge covers the icon`).toBeGreaterThanOrEqual(
      icon.left + (icon.width * 2) / 3 - 0.5,
    );
    expect(Math.min(box.bottom, icon.bottom), `${what}: the badge covers the icon`).toBeLessThanOrEqual(
      icon.top + icon.height / 3 + 0.5,
    );
  }
}

for (const [width, height] of [
  [320, 568],
  [390, 844],
] as const) {
  test.describe(`at ${width} px wide`, () => {
    test.use({
      viewport: { width, height },
      isMobile: true,
      hasTouch: true,
      // Signed in (`signedIn`) as an account whose every value is as long as the rules allow.
      longestValues: true,
    });

    // axe at the narrowest width too: target sizes and reflow are where a narrow screen hurts.
    const checkAxe = width === 320;

    test('every private screen holds the longest values the rules allow', async ({
      page,
      signedIn: _,
      expectAccessible,
    }) => {
      // Some 30 screens, each measured (and checked by axe at 320 px): more than a usual test's time.
      test.slow();
      for (const name of PRIVATE_ROUTES) {
        await open(page, pathOf(name));
        // The account has no boats: its card is red, and carnet-verde sends it to carnet-rojo.
        const shown = name === 'carnetVerde' ? paths.carnetRojo : pathOf(name);
        await expect(page, name).toHaveURL(new RegExp(`${shown.replace(/[?]/g, '\\?')}$`));
        if (name === 'carnetVerde' || name === 'carnetRojo')
          await expect(page.getByRole('article', { name: 'NO VÁLIDO' }), name).toBeVisible();
        await expectNoSidewaysScroll(page, name);
        await expectTabBar(page, name);
        if (checkAxe) await expectAccessible();
      }

      // A pending change of e-mail names the new address (masked, still long) above its code field.
      await open(page, paths.micuenta);
      const profile = page.getByRole('region', { name: 'Datos personales' });
      await profile.getByLabel('Correo electrónico').fill(longEmail());
      await profile.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(profile.getByLabel('Código enviado a tu nuevo correo')).toBeVisible();
      await expectNoSidewaysScroll(page, 'micuenta with a pending e-mail change');
      await expectTabBar(page, 'micuenta with a pending e-mail change');
    });

    test('every public screen holds the longest values the rules allow', async ({
      page,
      marina,
      visit,
      expectAccessible,
    }) => {
      await visit('/ayuda');
      for (const name of PUBLIC_ROUTES) {
        await open(page, pathOf(name));
        // An unknown card without a code: the check's answer, not its loading state, is measured.
        if (name === 'checkQR') await expect(page.getByText('Código caducado'), name).toBeVisible();
        await expectNoSidewaysScroll(page, name);
        if (checkAxe) await expectAccessible();
      }
      await open(page, '/no-existe');
      await expectNoSidewaysScroll(page, 'not found');

      // Validation and activation name the person and where the code went: with the longest values.
      const person = longestPerson();
      const { started, activationToken } = await validatedRegistration(
        page.request,
        marinaUrl(marina),
        marina.id,
        person,
        marina.sendsSms,
      );
      await page.evaluate(([id, sent]) => sessionStorage.setItem(`mb.codeSent.${id}`, JSON.stringify(sent)), [
        started.registrationId,
        started,
      ] as const);
      await open(page, `${paths.validarRegistro}?id=${started.registrationId}`);
      await expect(page.getByText(started.destination!, { exact: false })).toBeVisible();
      await expectNoSidewaysScroll(page, 'validar-registro');
      await open(page, `${paths.activar}?token=${activationToken}`);
      await expect(page.getByText(`Hola, ${person.firstName}.`, { exact: false })).toBeVisible();
      await expectNoSidewaysScroll(page, 'activar');
      if (checkAxe) await expectAccessible();
    });
  });
}
