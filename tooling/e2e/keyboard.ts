import type { Locator, Page } from '@playwright/test';

/** Moves focus with Tab alone until `target` has it (a person tabbing through the screen). */
export async function tabTo(page: Page, target: Locator) {
  for (let step = 0; step < 120; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Ticks a checkbox (or picks a radio, or follows a link with Enter) from the keyboard. */
export async function press(page: Page, target: Locator, key = 'Space') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}
