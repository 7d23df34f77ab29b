import { request as playwrightRequest } from '@playwright/test';
import type { Launch, LaunchSlot } from '@marina/core/domain/launches.ts';
import { apiCaller, createAccount, newPerson, signInAsDemoOwner } from './accounts.ts';
import { expect, marinaUrl, test } from './fixtures.ts';
import { press, typeInto } from './keyboard.ts';
import {
  chooseFirstReturn,
  chooseOption,
  eligibleBoats,
  emptySlots,
  localTime,
  marinaRules,
  pickRadio,
  staffMember,
} from './marina-setup.ts';

test.describe('launches', () => {
  test('the demo owner, by keyboard on a phone: books from misbarcos, sees it, adds it to the calendar, moves it and cancels it', async ({
    page,
    marina,
    visit,
    expectAccessible,
  }) => {
    test.slow();
    await visit('/ayuda');
    await signInAsDemoOwner(page, marinaUrl(marina), marina.id);
    const rules = await marinaRules(page.request, marina);

    // 1. From the boat in misbarcos to its booking screen.
    await page.goto('/misbarcos');
    await press(
      page,
      page.getByRole('article', { name: 'Brisa' }).getByRole('link', { name: /^Ver y corregir/ }),
      'Enter',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Brisa' })).toBeVisible();
    await press(page, page.getByRole('link', { name: 'Pedir bajada' }), 'Enter');
    await expect(page).toHaveURL(/\/alta-pedido-bajada-barco\?barco=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pedir una bajada' })).toBeVisible();
    const boatId = new URL(page.url()).searchParams.get('barco')!;
    await expect(page.getByRole('radio', { name: /^Brisa / })).toBeChecked();

    // 2. A day ahead with empty slots, one of them, the return, the people on board.
    const { date, slots } = await emptySlots(page.request, marina, rules, boatId, 1, 2);
    const [first, second] = slots as [LaunchSlot, LaunchSlot];
    await chooseOption(page, page.getByLabel('Día'), date);
    const grid = page.getByRole('group', { name: 'Hora de bajada' });
    await expect(grid.getByRole('radio', { name: new RegExp(`^${localTime(first)} a .*Libre`) })).toBeEnabled();
    await expectAccessible();
    await pickRadio(page, grid, grid.getByRole('radio', { name: new RegExp(`^${localTime(first)} a `) }));
    await chooseFirstReturn(page, page.getByLabel('Vuelta prevista'));
    await typeInto(page, page.getByLabel('Personas a bordo'), '2');
    await typeInto(page, page.getByLabel('Notas'), 'Salimos a pescar');
    await press(page, page.getByRole('button', { name: 'Pedir la bajada' }), 'Enter');

    // 3. In pedidosbajadas, confirmed, at that time.
    await expect(page).toHaveURL(/\/pedidosbajadas$/);
    await expect(page.getByRole('status')).toHaveText('Bajada pedida. Te avisaremos de cualquier cambio.');
    const launch = page.getByRole('region', { name: 'Próximas' }).getByRole('article', { name: 'Brisa' });
    await expect(launch).toContainText('EstadoConfirmada');
    await expect(launch).toContainText(`de ${localTime(first)} a `);
    await expectAccessible();

    // 4. Its calendar entry.
    const download = page.waitForEvent('download');
    await press(page, launch.getByRole('button', { name: 'Añadir al calendario Brisa' }), 'Enter');
    expect((await download).suggestedFilename()).toMatch(/^bajada-.+\.ics$/);

    // 5. Moved to the other slot of the day.
    await press(page, launch.getByRole('link', { name: 'Mover Brisa' }), 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Mover la bajada' })).toBeVisible();
    await expect(page.getByText(new RegExp(`Ahora: .*de ${localTime(first)} a `))).toBeVisible();
    const moveGrid = page.getByRole('group', { name: 'Hora de bajada' });
    await expect(
      moveGrid.getByRole('radio', { name: new RegExp(`^${localTime(first)} a .*Turno actual`) }),
    ).toBeDisabled();
    await expectAccessible();
    await pickRadio(page, moveGrid, moveGrid.getByRole('radio', { name: new RegExp(`^${localTime(second)} a `) }));
    await press(page, page.getByRole('button', { name: 'Mover la bajada' }), 'Enter');
    await expect(page).toHaveURL(/\/pedidosbajadas$/);
    await expect(page.getByRole('status')).toHaveText('Bajada movida.');
    await expect(launch).toContainText(`de ${localTime(second)} a `);

    // 6. Its detail: the history says it was asked for and moved.
    await press(page, launch.getByRole('link', { name: 'Ver detalle Brisa' }), 'Enter');
    const history = page.getByRole('region', { name: 'Historial' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history).toContainText('Pediste la bajada');
    await expect(history).toContainText(`de ${localTime(second)} a `);
    await expectAccessible();
    await page.goBack();

    // 7. Cancelled, after saying yes to the question.
    await press(page, launch.getByRole('button', { name: 'Cancelar Brisa' }), 'Enter');
    const question = page.getByRole('group', { name: '¿Cancelar esta bajada?' });
    await expect(question.getByRole('heading')).toBeFocused();
    await expectAccessible();
    await press(page, question.getByRole('button', { name: 'Sí, cancelar la bajada' }), 'Enter');
    await expect(page.getByRole('status')).toHaveText('Bajada cancelada.');
    await expect(page.getByRole('article', { name: 'Brisa' }).first()).toContainText('EstadoCancelada');
  });

  test('a full slot offers the waiting list; a staff cancellation promotes the person waiting, who sees it', async ({
    page,
    marina,
    signedIn,
    expectAccessible,
  }) => {
    test.slow();
    const rules = await marinaRules(page.request, marina);
    const staff = await staffMember(marina);
    const [boatId] = await eligibleBoats(page.request, marina, signedIn, 1, staff.call);
    const { slots } = await emptySlots(page.request, marina, rules, boatId!, 4, 1);
    const slot = slots[0]!;

    // Other customers fill the slot, each account up to its limit of open launches.
    const taken: Launch[] = [];
    for (let left = slot.capacity; left > 0; left -= rules.settings.maxOpenPerAccount) {
      const context = await playwrightRequest.newContext({ baseURL: marinaUrl(marina) });
      const other = newPerson(marina.name);
      await createAccount(context, marinaUrl(marina), marina.id, other, marina.sendsSms);
      const call = apiCaller(context, marinaUrl(marina), marina.id);
      for (const boat of await eligibleBoats(
        context,
        marina,
        other,
        Math.min(left, rules.settings.maxOpenPerAccount),
        staff.call,
      )) {
        const expectedReturn = new Date(Date.parse(slot.end) + 60 * 60_000).toISOString();
        taken.push(
          await call<Launch>('post', 'launches', {
            boatId: boat,
            slotStart: slot.start,
            expectedReturn,
            people: 2,
            notes: '',
            waitlist: false,
          }),
        );
      }
      await context.dispose();
    }

    await page.goto('/alta-pedido-bajada');
    await expect(page.getByRole('radio', { name: /^Pardela 1 / })).toBeChecked();
    await chooseOption(page, page.getByLabel('Día'), slot.start.slice(0, 10));
    const grid = page.getByRole('group', { name: 'Hora de bajada' });
    const full = grid.getByRole('radio', { name: new RegExp(`^${localTime(slot)} a .*Completo`) });
    await expect(full).toBeEnabled();
    await pickRadio(page, grid, full);
    await press(page, page.getByRole('checkbox', { name: 'Apuntarme a la lista de espera' }));
    await expectAccessible();
    await chooseFirstReturn(page, page.getByLabel('Vuelta prevista'));
    await typeInto(page, page.getByLabel('Personas a bordo'), '3');
    await press(page, page.getByRole('button', { name: 'Pedir la bajada' }), 'Enter');

    await expect(page).toHaveURL(/\/pedidosbajadas$/);
    await expect(page.getByRole('status')).toContainText('Te has apuntado a la lista de espera (puesto 1)');
    const launch = page.getByRole('article', { name: 'Pardela 1' });
    await expect(launch).toContainText('EstadoEn lista de espera');
    await expect(launch).toContainText('Eres el siguiente en la lista de espera.');
    await expectAccessible();

    // Staff cancel one of the slot's launches: the person waiting takes the place at once.
    await staff.call('post', `staff/launches/${taken[0]!.id}/cancel`, {
      reason: 'El cliente ha llamado para anularla',
    });
    await staff.dispose();
    await page.reload();
    await expect(launch).toContainText('EstadoConfirmada');
    await expect(launch).not.toContainText('lista de espera.');
    await page.goto('/inicio');
    const next = page.getByRole('region', { name: 'Próxima bajada' });
    await expect(next).toContainText('Pardela 1');
    await expect(next).toContainText('EstadoConfirmada');
  });

  test('"Listo para subir" once staff have put the boat in the water', async ({
    page,
    marina,
    signedIn,
    expectAccessible,
  }) => {
    const rules = await marinaRules(page.request, marina);
    const staff = await staffMember(marina);
    const [boatId] = await eligibleBoats(page.request, marina, signedIn, 1, staff.call);
    const { slots } = await emptySlots(page.request, marina, rules, boatId!, 2, 1);
    const slot = slots[0]!;
    const booked = await apiCaller(page.request, marinaUrl(marina), marina.id)<Launch>('post', 'launches', {
      boatId,
      slotStart: slot.start,
      expectedReturn: slot.end,
      people: 1,
      notes: '',
      waitlist: false,
    });
    await staff.call('post', `staff/launches/${booked.id}/in-water`, {});
    await staff.dispose();

    await page.goto('/pedidosbajadas');
    const launch = page.getByRole('article', { name: 'Pardela 1' });
    await expect(launch).toContainText('EstadoEn el agua');
    await expectAccessible();
    await press(page, launch.getByRole('button', { name: 'Listo para subir Pardela 1' }), 'Enter');
    await expect(page.getByRole('status')).toHaveText('Hemos avisado al puerto de que el barco está listo para subir.');
    await expect(launch).toContainText('EstadoLista para subir');
    await expect(launch.getByRole('button', { name: /^Listo para subir/ })).toHaveCount(0);
  });
});
