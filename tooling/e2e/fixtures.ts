import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { createAccount, longestPerson, newPerson, type Person } from './accounts.ts';
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
  /** `signedIn`'s person has every value as long as the rules allow (`test.use({ longestValues: true })`). */
  longestValues: boolean;
  /** Who `signedIn` creates: a new person per test. */
  person: Person;
  /**
   * `person`, created and activated through the API (not the screens), with this page's browser signed in
   * as them and past the intro slides. For every test that needs someone signed in; registration itself is
   * tested through the screens (`accounts.spec.ts`).
   */
  signedIn: Person;
}

type WorkerFixtures = MarinaOptions;

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
  // Per project (each project is one marina's server), so worker-scoped fixtures can use it too.
  marina: [undefined as unknown as E2eClient, { option: true, scope: 'worker' }],
  longestValues: [false, { option: true }],
  person: async ({ marina, longestValues }, use) => {
    await use(longestValues ? longestPerson() : newPerson(marina.name));
  },
  signedIn: async ({ page, marina, person }, use) => {
    // The page's `request` shares the browser's cookies: the activation's session cookie signs it in.
    await createAccount(page.request, marinaUrl(marina), marina.id, person, marina.sendsSms);
    await page.addInitScript(() => localStorage.setItem('mb.sliderSeen', '1'));
    await use(person);
  },
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
