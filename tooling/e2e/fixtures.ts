import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { createAccount, longestPerson, type Person } from './accounts.ts';
import type { E2eClient } from './clients.ts';

export interface MarinaOptions {
  marina: E2eClient;
}

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Fixtures {
  /** Opens a path as a returning visitor (intro slides already seen). */
  visit: (path: string) => Promise<void>;
  /** Runs axe on the page as it is now and fails on any violation. */
  expectAccessible: () => Promise<void>;
}

interface WorkerFixtures extends MarinaOptions {
  /** One active account per worker and marina whose every value is as long as the rules allow. */
  longestAccount: Person;
}

export async function axeViolations(page: Page) {
  // `withRules` would replace the tags instead of adding to them: target-size is enabled through options.
  const results = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: WCAG_TAGS }, rules: { 'target-size': { enabled: true } } })
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

export const marinaUrl = (marina: E2eClient) => `http://127.0.0.1:${marina.port}`;

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Per project, so worker fixtures (an account on that marina's server) can use it.
  marina: [undefined as unknown as E2eClient, { option: true, scope: 'worker' }],
  longestAccount: [
    async ({ marina, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: marinaUrl(marina) });
      const person = longestPerson();
      await createAccount(request, marinaUrl(marina), marina.id, person, marina.sendsSms);
      await request.dispose();
      await use(person);
    },
    { scope: 'worker' },
  ],
  visit: async ({ page }, use) => {
    await use(async (path) => {
      await page.addInitScript(() => localStorage.setItem('mb.sliderSeen', '1'));
      await page.goto(path);
    });
  },
  expectAccessible: async ({ page }, use) => {
    await use(async () => {
      await page.locator('h1').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  },
});

export { expect };
