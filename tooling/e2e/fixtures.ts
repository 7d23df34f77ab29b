import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
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

export const test = base.extend<Fixtures & MarinaOptions>({
  marina: [undefined as unknown as E2eClient, { option: true }],
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
