import { request as playwrightRequest } from '@playwright/test';
import type { Launch, LaunchSlot } from '@marina/core/domain/launches.ts';
import { apiCaller, createAccount, newPerson, signInAsDemoOwner } from './accounts.ts';
import { expect, marinaUrl, test } from './fixtures.ts';
import { press, typeInto } from './keyboard.ts';
import {
  bookSlot,
  chooseDay,
  eligibleBoats,
  emptySlots,
  localTime,
  marinaRules,
  pickRadio,
  reviewAndConfirm,
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

    // 2. A day ahead with empty slots, from the strip; one of its chips; the return comes by itself; one
    // person more; the summary; «Confirmar bajada».
    const { date, slots } = await emptySlots(page.request, marina, rules, boatId, 1, 2);
    const [first, second] = slots as [LaunchSlot, LaunchSlot];
    await chooseDay(page, date);
    const grid = page.getByRole('group', { name: 'Hora de bajada' });
    const firstChip = grid.getByRole('radio', { name: new RegExp(`^${localTime(first)} a .*libre`) });
    await expect(firstChip).toBeEnabled();
    await expectAccessible();
    await pickRadio(page, grid, firstChip);
    await expect(page.getByRole('group', { name: 'Vuelta prevista' }).getByRole('status')).toHaveText(/^\d\d:\d\d$/);
    await press(page, page.getByRole('button', { name: 'Una persona más' }), 'Enter');
    await typeInto(page, page.getByLabel('Notas'), 'Salimos a pescar');
    await reviewAndConfirm(page, async (summary) => {
      await expect(summary).toContainText(`${localTime(first)} – `);
      await expect(summary).toContainText('Salimos a pescar');
      await expectAccessible();
    });

    // 3. On the new launch: confirmed, at that time; said once, not again on a reload.
    await expect(page).toHaveURL(/\/pedidosbajadas\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status')).toHaveText('Bajada pedida. Te avisaremos de cualquier cambio.');
    const launch = page.getByRole('region', { name: 'Brisa' });
    await expect(launch).toContainText('EstadoConfirmada');
    await expect(launch).toContainText(`de ${localTime(first)} a `);
    await expectAccessible();
    await page.reload();
    await expect(launch).toContainText('EstadoConfirmada');
    await expect(page.getByText('Bajada pedida.')).toHaveCount(0);

    // 4. Its calendar entry.
    const download = page.waitForEvent('download');
    await press(page, launch.getByRole('button', { name: 'Añadir al calendario Brisa' }), 'Enter');
    expect((await download).suggestedFilename()).toMatch(/^bajada-.+\.ics$/);

    // 5. Moved to the other slot of the day: the strip and chips mark the one it has.
    await press(page, launch.getByRole('link', { name: 'Mover Brisa' }), 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Mover la bajada' })).toBeVisible();
    await expect(page.getByText(new RegExp(`Ahora: .*de ${localTime(first)} a `))).toBeVisible();
    await expect(page.getByRole('group', { name: 'Día' }).getByRole('radio', { name: /Turno actual$/ })).toBeChecked();
    const moveGrid = page.getByRole('group', { name: 'Hora de bajada' });
    await expect(
      moveGrid.getByRole('radio', { name: new RegExp(`^${localTime(first)} a .*Turno actual`) }),
    ).toBeDisabled();
    await expectAccessible();
    await pickRadio(page, moveGrid, moveGrid.getByRole('radio', { name: new RegExp(`^${localTime(second)} a `) }));
    await press(page, page.getByRole('button', { name: 'Mover la bajada' }), 'Enter');
    await expect(page).toHaveURL(/\/pedidosbajadas\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status')).toHaveText('Bajada movida.');
    await expect(launch).toContainText(`de ${localTime(second)} a `);

    // 6. Its history says it was asked for and moved.
    const history = page.getByRole('region', { name: 'Historial' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history).toContainText('Pediste la bajada');
    await expect(history).toContainText(`de ${localTime(second)} a `);

    // 7. In the list, compact: its pill and slot, the row leading to it.
    await page.goto('/pedidosbajadas');
    const row = page.getByRole('region', { name: 'Próximas' }).getByRole('article', { name: 'Brisa' });
    await expect(row).toContainText('Confirmada');
    await expect(row).toContainText(`· ${localTime(second)} · vuelta `);
    await expectAccessible();
    await press(page, row.getByRole('link'), 'Enter');

    // 8. Cancelled, after saying yes to the question.
    await press(page, launch.getByRole('button', { name: 'Cancelar Brisa' }), 'Enter');
    const question = page.getByRole('group', { name: '¿Cancelar esta bajada?' });
    await expect(question.getByRole('heading')).toBeFocused();
    await expectAccessible();
    await press(page, question.getByRole('button', { name: 'Sí, cancelar la bajada' }), 'Enter');
    await expect(page.getByRole('status')).toHaveText('Bajada cancelada.');
    await expect(launch).toContainText('EstadoCancelada');
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

    // By touch this time: the day, the full slot's chip (its waiting list), two more people, the summary.
    await page.goto('/alta-pedido-bajada');
    await expect(page.getByRole('radio', { name: /^Pardela 1 / })).toBeChecked();
    await page
      .getByRole('group', { name: 'Día' })
      .locator(`input[value="${slot.start.slice(0, 10)}"]`)
      .click();
    const grid = page.getByRole('group', { name: 'Hora de bajada' });
    const full = grid.getByRole('radio', { name: new RegExp(`^${localTime(slot)} a .*Lista de espera`) });
    await full.click();
    await expect(full).toBeChecked();
    await expectAccessible();
    await page.getByRole('button', { name: 'Una persona más' }).click();
    await page.getByRole('button', { name: 'Una persona más' }).click();
    await page.getByRole('button', { name: 'Revisar la bajada' }).click();
    const summary = page.getByRole('region', { name: 'Revisa tu bajada' });
    await expect(summary).toContainText('te apuntarás a su lista de espera');
    await expect(summary).toContainText('Personas a bordo3');
    await expectAccessible();
    await page.getByRole('button', { name: 'Confirmar bajada' }).click();

    await expect(page).toHaveURL(/\/pedidosbajadas\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status')).toContainText('Te has apuntado a la lista de espera (puesto 1)');
    const launch = page.getByRole('region', { name: 'Pardela 1' });
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

  test('a link for one boat chooses that boat from what the server says now, not from the copy the phone kept', async ({
    page,
    marina,
    signedIn,
    expectAccessible,
  }) => {
    const rules = await marinaRules(page.request, marina);
    const staff = await staffMember(marina);
    const [boatId] = await eligibleBoats(page.request, marina, signedIn, 2, staff.call);
    await staff.dispose();
    const { slots } = await emptySlots(page.request, marina, rules, boatId!, 3, 1);
    const call = apiCaller(page.request, marinaUrl(marina), marina.id);
    const booked = await bookSlot(call, boatId!, slots[0]!);
    // The phone keeps the list with that launch in it…
    await page.goto('/pedidosbajadas');
    await expect(page.getByRole('article', { name: 'Pardela 1' })).toContainText('Confirmada');
    // …which is cancelled from another phone; then the link for that boat, on a new start of the app.
    await call('post', `launches/${booked.id}/cancel`, {});
    await page.goto(`/alta-pedido-bajada-barco?barco=${boatId}`);
    await expect(page.getByRole('radio', { name: /^Pardela 1 / })).toBeChecked();
    await expect(page.getByRole('radio', { name: /^Pardela 2 / })).not.toBeChecked();
    await expectAccessible();
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
    const booked = await bookSlot(apiCaller(page.request, marinaUrl(marina), marina.id), boatId!, slot);
    await staff.call('post', `staff/launches/${booked.id}/in-water`, {});
    await staff.dispose();

    await page.goto('/pedidosbajadas');
    const launch = page.getByRole('article', { name: 'Pardela 1' });
    await expect(launch).toContainText('En el agua');
    await expectAccessible();
    await press(page, launch.getByRole('button', { name: 'Listo para subir Pardela 1' }), 'Enter');
    await expect(page.getByRole('status')).toHaveText('Hemos avisado al puerto de que el barco está listo para subir.');
    await expect(launch).toContainText('Lista para subir');
    // Its place in the marina's queue to lift (other tests may have boats waiting ahead of it).
    await expect(launch).toContainText(/Eres el (siguiente|\d+\.º) para subir\./);
    await expect(launch.getByRole('button', { name: /^Listo para subir/ })).toHaveCount(0);
  });
});
