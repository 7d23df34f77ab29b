import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Types a day into a date field from the keyboard. The order of its parts (day/month or month/day)
 * is the browser's, not the page's: a first day typed tells which, then Shift+Tab goes back through
 * the parts and the real day is typed in that order.
 */
export async function typeDate(page: Page, target: Locator, isoDay: string) {
  const [year, month, day] = isoDay.split('-');
  await tabTo(page, target);
  await page.keyboard.type('01022030');
  const monthFirst = (await target.inputValue()) === '2030-01-02';
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.type(monthFirst ? `${month}${day}${year}` : `${day}${month}${year}`);
  await expect(target).toHaveValue(isoDay);
}
