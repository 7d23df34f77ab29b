// What the launch, authorisation and outing specs share: the marina's rules and free slots, its staff member, boats
// ready to launch for a new account, and the booking form's choices made from the keyboard.
import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Contract } from '@marina/core/domain/boats.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import type { Launch, LaunchSlot, LaunchSlotDay } from '@marina/core/domain/launches.ts';
import type { Marina } from '@marina/core/domain/marina.ts';
import { apiCaller, type Person } from './accounts.ts';
import type { E2eClient } from './clients.ts';
import { expect, marinaUrl } from './fixtures.ts';
import { press, tabTo } from './keyboard.ts';

export type Caller = ReturnType<typeof apiCaller>;

export const headersOf = (marina: E2eClient) => ({ 'X-Client-Id': String(marina.id) });

export async function marinaRules(request: APIRequestContext, marina: E2eClient): Promise<Marina> {
  return (await (await request.get('/api/v1/client', { headers: headersOf(marina) })).json()) as Marina;
}

/** The local `HH:MM` a slot starts at: the API writes it in the marina's time with its offset. */
export const localTime = (slot: Pick<LaunchSlot, 'start'>) => slot.start.slice(11, 16);

/**
 * A day at least `fromDay` days ahead (never today: the time of day the suite runs at must not matter) with
 * `count` slots nobody has booked, and those slots. Each test starts at a day of its own, so parallel tests
 * of one marina do not meet in a slot.
 */
export async function emptySlots(
  request: APIRequestContext,
  marina: E2eClient,
  rules: Marina,
  boatId: string,
  fromDay: number,
  count: number,
) {
  const today = todayIn(rules.timeZone);
  for (let offset = fromDay; offset <= rules.settings.maxAdvanceDays; offset += 1) {
    const date = addDays(today, offset);
    const response = await request.get(`/api/v1/launch-slots?boatId=${boatId}&date=${date}`, {
      headers: headersOf(marina),
    });
    expect(response.ok(), await response.text()).toBe(true);
    const day = (await response.json()) as LaunchSlotDay;
    const empty = day.slots.filter(
      (slot) => slot.state === 'free' && slot.free === slot.capacity && slot.waiting === 0,
    );
    // From the middle of the day: clear of opening and of the last slots before closing.
    if (empty.length >= count + 4) return { date, offset, slots: empty.slice(2, 2 + count) };
  }
  throw new Error(`no day from ${fromDay} days ahead has ${count} empty slots`);
}

/** The marina's staff member, signed in through the API in a context of their own. */
export async function staffMember(marina: E2eClient) {
  const context = await playwrightRequest.newContext({ baseURL: marinaUrl(marina) });
  const call = apiCaller(context, marinaUrl(marina), marina.id);
  await call('post', 'session', {
    identifier: `staff@client${marina.id}.example`,
    password: `Puerto-Staff-${marina.id}`,
  });
  return { call, dispose: () => context.dispose() };
}

export const uniqueRegistration = () => `7ª-LB-${Math.floor(Math.random() * 9000 + 1000)}-${Date.now() % 100000}`;

/**
 * The account signed in on `request` confirms its data (`validar-datos`): with no licence of its own, or
 * `withLicence`, a nautical licence valid for years (to skipper an outing).
 */
export async function confirmData(
  request: APIRequestContext,
  marina: E2eClient,
  person: Person,
  { withLicence = false }: { withLicence?: boolean } = {},
) {
  const today = todayIn((await marinaRules(request, marina)).timeZone);
  await apiCaller(request, marinaUrl(marina), marina.id)('post', 'data-validation', {
    firstName: person.firstName,
    surnames: person.surnames,
    documentExpiresOn: addDays(today, 3 * 365),
    licence: withLicence
      ? { type: 'per', number: `PER-${Date.now() % 1000000}`, expiresOn: addDays(today, 4 * 365) }
      : null,
    boats: [],
    confirm: true,
  });
}

/**
 * Makes the account signed in on `request` able to launch `count` new boats: data confirmed, a contract
 * for each boat (with its insurance) asked for and approved by staff; `withLicence`, see `confirmData`.
 * Returns the boats' ids.
 */
export async function eligibleBoats(
  request: APIRequestContext,
  marina: E2eClient,
  person: Person,
  count: number,
  staff: Caller,
  options: { withLicence?: boolean } = {},
): Promise<string[]> {
  const call = apiCaller(request, marinaUrl(marina), marina.id);
  const today = todayIn((await marinaRules(request, marina)).timeZone);
  await confirmData(request, marina, person, options);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const contract = await call<Contract>('post', 'contracts', {
      boat: {
        name: `Pardela ${index + 1}`,
        registration: uniqueRegistration(),
        make: '',
        model: '',
        lengthM: 5.5,
        beamM: 2.1,
        engine: '',
      },
      insurance: { insurer: 'Mapfre', policyNumber: `POL-${Date.now()}-${index}`, expiresOn: addDays(today, 300) },
      plan: 'annual',
      startsOn: today,
      acceptConditions: true,
    });
    await staff('post', `staff/contracts/${contract.id}/approve`, {});
    ids.push(contract.boatId);
  }
  return ids;
}

/** Tabs into a radio group, then moves with the arrow keys until `target` is chosen. */
export async function pickRadio(page: Page, group: Locator, target: Locator) {
  for (
    let step = 0;
    step < 120 && !(await group.evaluate((element) => element.contains(document.activeElement)));
    step += 1
  ) {
    await page.keyboard.press('Tab');
  }
  for (let step = 0; step < 60; step += 1) {
    if (await target.isChecked()) return;
    if (await target.evaluate((element) => element === document.activeElement)) await page.keyboard.press('Space');
    else await page.keyboard.press('ArrowDown');
  }
  throw new Error(`could not choose ${target.toString()}`);
}

/** Books a slot for a boat through the API, back at the slot's end: the launch a test starts from. */
export function bookSlot(call: ReturnType<typeof apiCaller>, boatId: string, slot: LaunchSlot, people = 1) {
  return call<Launch>('post', 'launches', {
    boatId,
    slotStart: slot.start,
    expectedReturn: slot.end,
    people,
    notes: '',
    waitlist: false,
  });
}

/** Chooses a day on the booking's strip from the keyboard: into the group, then arrow keys to the day. */
export async function chooseDay(page: Page, date: string) {
  const strip = page.getByRole('group', { name: 'Día' });
  await expect(strip.locator(`input[value="${date}"]`)).toBeEnabled();
  await pickRadio(page, strip, strip.locator(`input[value="${date}"]`));
}

/** From the booking form to its summary (whose heading takes focus), and «Confirmar bajada», by keyboard. */
export async function reviewAndConfirm(page: Page, check?: (summary: Locator) => Promise<void>) {
  await press(page, page.getByRole('button', { name: 'Revisar la bajada' }), 'Enter');
  await expect(page.getByRole('heading', { name: 'Revisa tu bajada' })).toBeFocused();
  await check?.(page.getByRole('region', { name: 'Revisa tu bajada' }));
  await press(page, page.getByRole('button', { name: 'Confirmar bajada' }), 'Enter');
}

/** Chooses a select's option from the keyboard: focus, then arrow keys until its value is `value`. */
export async function chooseOption(page: Page, select: Locator, value: string) {
  await tabTo(page, select);
  for (let step = 0; step < 60 && (await select.inputValue()) !== value; step += 1)
    await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue(value);
}
