// Live screens (decision 062): an open screen follows a staff change within 2 s, without a reload, through the
// account's event stream. Each wait for the change starts right after the staff call returns.
import type { Contract } from '@marina/core/domain/boats.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { apiCaller } from './accounts.ts';
import { expect, marinaUrl, test } from './fixtures.ts';
import {
  bookSlot,
  confirmData,
  eligibleBoats,
  emptySlots,
  marinaRules,
  staffMember,
  uniqueRegistration,
} from './marina-setup.ts';

/** Within 2 s of the staff call: the stream's event and the screen's reload, no page reload. */
const LIVE = { timeout: 2_000 };

test.describe('live screens', () => {
  test('an open pedidosbajadas shows the staff putting the boat in the water, without a reload', async ({
    page,
    marina,
    signedIn,
  }) => {
    const rules = await marinaRules(page.request, marina);
    const staff = await staffMember(marina);
    const [boatId] = await eligibleBoats(page.request, marina, signedIn, 1, staff.call);
    const { slots } = await emptySlots(page.request, marina, rules, boatId!, 2, 1);
    const launch = await bookSlot(apiCaller(page.request, marinaUrl(marina), marina.id), boatId!, slots[0]!);
    expect(launch.status).toBe('confirmed');

    const stream = page.waitForResponse((response) => response.url().includes('/api/v1/events'));
    await page.goto('/pedidosbajadas');
    const item = page.getByRole('listitem').filter({ hasText: 'Pardela 1' });
    await expect(item).toContainText('Confirmada');
    expect((await stream).status()).toBe(200);
    let reloaded = false;
    page.on('framenavigated', () => (reloaded = true));

    await staff.call('post', `staff/launches/${launch.id}/in-water`, {});
    await expect(item).toContainText('En el agua', LIVE);
    expect(reloaded).toBe(false);
    await staff.dispose();
  });

  test('an open misbarcos shows the contract approved, and the unread badge counts the notice', async ({
    page,
    marina,
    signedIn,
  }) => {
    const staff = await staffMember(marina);
    await confirmData(page.request, marina, signedIn);
    const today = todayIn((await marinaRules(page.request, marina)).timeZone);
    const contract = await apiCaller(page.request, marinaUrl(marina), marina.id)<Contract>('post', 'contracts', {
      boat: {
        name: 'Garbí',
        registration: uniqueRegistration(),
        make: '',
        model: '',
        lengthM: 5.5,
        beamM: 2.1,
        engine: '',
      },
      insurance: { insurer: 'Mapfre', policyNumber: `POL-${Date.now()}`, expiresOn: addDays(today, 300) },
      plan: 'annual',
      startsOn: today,
      acceptConditions: true,
    });

    const stream = page.waitForResponse((response) => response.url().includes('/api/v1/events'));
    await page.goto('/misbarcos');
    const boat = page.getByRole('article', { name: 'Garbí' });
    await expect(boat).toContainText('Pendiente');
    const more = page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: /^Más/ });
    const before = (await more.textContent()) ?? '';
    expect((await stream).status()).toBe(200);

    await staff.call('post', `staff/contracts/${contract.id}/approve`, {});
    await expect(boat).toContainText('Lista', LIVE);
    await expect(boat).not.toContainText('Pendiente');
    // The notice of the approval, one more than before (the welcome notice may be there already).
    const unread = Number(/(\d+) notificaci/.exec(before)?.[1] ?? 0);
    await expect(more).toContainText(`${unread + 1} notificaci`, LIVE);
    await staff.dispose();
  });
});
