import { expect, test as base, type Page } from '@playwright/test';
import axe from 'axe-core';
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

const AXE_OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: WCAG_TAGS },
  // Not in the WCAG tags' default set: enabled on top of them.
  rules: { 'target-size': { enabled: true } },
};

/**
 * axe-core's violations on the page as it is now. axe is put into each frame once per document (a screen
 * reached by the app's own navigation keeps it) and run where it is. (@axe-core/playwright put its 1.5 MB
 * source into the page again for every check and finished each in a blank page it opened and closed: about
 * 0.5 s a check where the check itself takes 0.1 s; decision 018.)
 */
export async function axeViolations(page: Page) {
  // A screen reached by a link fades in (a view transition): colours read mid-fade fail contrast they meet.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axe.source);
  }
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: typeof axe }).axe.run(document, options),
    AXE_OPTIONS,
  );
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
      // `ayuda` reads the marina's settings (GET /client) to answer the booking-lead question. A first call to
      // the API hands the visitor a session cookie: wait for that answer, so it cannot replace the cookie a
      // call the test makes next through `page.request` was given (the XSRF token would no longer match).
      if (path === '/ayuda') await page.getByText('¿Con cuánta antelación tengo que pedir la bajada?').waitFor();
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
