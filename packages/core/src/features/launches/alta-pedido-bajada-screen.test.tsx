import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { answeringApi, renderApp } from '../../test/fixtures.tsx';
import { at, BLOCKED_ID, BOAT_ID, boats, launch, slotDay, tomorrow } from './launches.fixtures.ts';

const slotsPath = (date: string, boatId = BOAT_ID) => `GET launch-slots?boatId=${boatId}&date=${date}`;

/** Tomorrow: 08:00 past its lead time, 08:30 closed for weather, 09:00 nearly full, 09:30 full with one waiting, the rest free. */
const tomorrowSlots = () =>
  slotDay(tomorrow, {
    0: { state: 'past' },
    1: { state: 'closed', closedReason: 'temporal' },
    2: { free: 1 },
    3: { state: 'full', free: 0, waiting: 1 },
  });

function bookingApi(answers: Record<string, (body?: unknown) => unknown> = {}) {
  return answeringApi({
    'GET boats': () => ({ boats: boats() }),
    'GET launches': () => ({ upcoming: [launch()], past: [] }),
    [slotsPath(tomorrow)]: () => tomorrowSlots(),
    ...answers,
  });
}

async function chooseTomorrow() {
  await userEvent.selectOptions(await screen.findByLabelText('Día'), tomorrow);
  return screen.findByRole('group', { name: 'Hora de bajada' });
}

describe('alta-pedido-bajada', () => {
  it('for a person authorised on someone else’s boat, says why the server refuses it, with the owner’s reason', async () => {
    const [own] = boats();
    const lent = {
      ...own!,
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Marea',
      role: 'authorised' as const,
      authorisation: {
        id: 'x9',
        owner: { firstName: 'Luis', surnames: 'Pons' },
        validFrom: tomorrow,
        validTo: null,
        state: 'suspended' as const,
        suspensionReason: 'Fin de temporada',
        licence: { type: 'per' as const, number: 'PER-9', expiresOn: tomorrow },
      },
      eligibility: {
        eligible: false as const,
        reasons: [
          { code: 'authorisation_suspended' as const, text: 'Autorización suspendida', fix: null },
          { code: 'outside_authorised_period' as const, text: 'Fuera del periodo autorizado', fix: null },
        ],
      },
    };
    renderApp('/alta-pedido-bajada', { api: bookingApi({ 'GET boats': () => ({ boats: [lent] }) }).api });
    const blocked = await screen.findByRole('list', { name: 'Marea: no puede bajar al agua' });
    expect(
      within(blocked)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Autorización suspendida',
      'Fuera del periodo autorizado',
      'Motivo que da el titular: Fin de temporada',
    ]);
    expect(within(blocked).queryByRole('link')).toBeNull();
    expect(
      screen.getByText('Ninguno de tus barcos puede bajar al agua ahora. Arriba tienes lo que falta en cada uno.'),
    ).toBeInTheDocument();
  });

  it('offers the boats that may go, says why the others may not with the fix, and preselects the boat of the link', async () => {
    let answer: (value: unknown) => void = () => {};
    const { api, get } = bookingApi({ 'GET boats': () => new Promise((resolve) => (answer = resolve)) });
    renderApp(`/alta-pedido-bajada-barco?barco=${BOAT_ID}`, { api });
    await waitFor(() => expect(get).toHaveBeenCalledWith('boats'));
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    answer({ boats: boats() });

    const choice = await screen.findByRole('group', { name: 'Barco' });
    expect(within(choice).getAllByRole('radio')).toHaveLength(1);
    expect(within(choice).getByRole('radio', { name: 'Gaviota (7ª-BA-1-23-19)' })).toBeChecked();
    const blocked = screen.getByRole('list', { name: 'Albatros: no puede bajar al agua' });
    expect(blocked).toHaveTextContent('Seguro caducado');
    expect(within(blocked).getByRole('link', { name: 'Renovar el seguro' })).toHaveAttribute(
      'href',
      `/misbarcos/${BLOCKED_ID}`,
    );
    const busy = screen.getByRole('list', { name: 'Brisa: no puede bajar al agua' });
    expect(busy).toHaveTextContent('Brisa: Ya tiene una bajada pedida');
    expect(within(busy).getByRole('link', { name: 'Ver mis bajadas' })).toHaveAttribute('href', '/pedidosbajadas');
  });

  it('says who holds a boat and for which day when a person the owner authorised asked for it', async () => {
    const theirs = launch({
      bookedBy: { name: 'Marta Ruiz Soler', role: 'authorised' },
      actions: { reschedule: false, cancel: true, readyToStow: false, calendar: true },
    });
    renderApp('/alta-pedido-bajada', {
      api: bookingApi({ 'GET launches': () => ({ upcoming: [theirs], past: [] }) }).api,
    });
    const busy = await screen.findByRole('list', { name: 'Brisa: no puede bajar al agua' });
    // Tomorrow at 10:00 in Madrid, named in words.
    expect(busy).toHaveTextContent(
      /^Brisa: Ya tiene una bajada pedida por Marta Ruiz Soler para el \p{L}+ \d+ de \p{L}+(?: de \d{4})? · Ver mis bajadas$/u,
    );
    expect(within(screen.getByRole('group', { name: 'Barco' })).queryByRole('radio', { name: /^Brisa/ })).toBeNull();
  });

  it('a boat taken meanwhile by someone the owner authorised: the server’s words (who, which day) on the boat, everything typed kept', async () => {
    const message =
      'Marta Ruiz Soler, a quien autorizaste, ya ha pedido una bajada para el jueves 3 de junio de 2027 a las 10:30. Solo puede haber una bajada pedida por barco. La tienes en Bajadas, donde puedes cancelarla.';
    const { api } = bookingApi({
      'GET launches': () => ({ upcoming: [], past: [] }),
      'POST launches': () => {
        throw new ApiError('boat_has_open_launch', {
          status: 409,
          detail: message,
          fieldErrors: [{ field: 'boatId', code: 'boat_has_open_launch', message }],
        });
      },
    });
    renderApp(`/alta-pedido-bajada-barco?barco=${BOAT_ID}`, { api });
    expect(await screen.findByRole('radio', { name: 'Gaviota (7ª-BA-1-23-19)' })).toBeChecked();
    const grid = await chooseTomorrow();
    await userEvent.click(within(grid).getByRole('radio', { name: /^10:00 a 10:30/ }));
    await userEvent.selectOptions(screen.getByLabelText('Vuelta prevista'), at(tomorrow, '13:00'));
    await userEvent.type(screen.getByLabelText('Personas a bordo'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Pedir la bajada' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Barco' })).toHaveAccessibleDescription(
        expect.stringContaining('Marta Ruiz Soler, a quien autorizaste'),
      ),
    );
    expect(screen.getByRole('group', { name: 'Barco' })).toHaveTextContent('jueves 3 de junio de 2027 a las 10:30');
    expect(screen.getByLabelText('Personas a bordo')).toHaveValue('2');
  });

  it('shows each slot of the day in the marina’s time, its state in words, and lets only the bookable ones be chosen', async () => {
    renderApp('/alta-pedido-bajada', { api: bookingApi().api });
    const grid = await chooseTomorrow();
    const slot = (name: string | RegExp) => within(grid).getByRole('radio', { name });
    // 08:00 in Madrid, whatever the test machine's zone.
    expect(slot('08:00 a 08:30, Ya no se puede pedir')).toBeDisabled();
    expect(slot('08:30 a 09:00, Cerrado: temporal')).toBeDisabled();
    expect(slot('09:00 a 09:30, Casi lleno, queda 1 plaza')).toBeEnabled();
    expect(slot('09:30 a 10:00, Completo, 1 en espera')).toBeEnabled();
    expect(slot('10:00 a 10:30, Libre, quedan 4 plazas')).toBeEnabled();
    expect(within(grid).getAllByRole('radio')).toHaveLength(24);
    expect(screen.queryByRole('checkbox', { name: 'Apuntarme a la lista de espera' })).toBeNull();

    // The return: every half hour after the slot, up to closing.
    await userEvent.click(slot('10:00 a 10:30, Libre, quedan 4 plazas'));
    const returns = within(screen.getByLabelText('Vuelta prevista'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(returns[1]).toBe('10:30');
    expect(returns.at(-1)).toBe('20:00');
  });

  it('a full slot needs the waiting list, then books on it', async () => {
    const { api, create } = bookingApi({
      'POST launches': () =>
        launch({
          id: 'dddddddd-0000-4000-8000-000000000002',
          boatId: BOAT_ID,
          boatName: 'Gaviota',
          status: 'waitlisted',
          waitlistPosition: 2,
          slotStart: at(tomorrow, '09:30'),
        }),
      'GET launches': () => ({ upcoming: [launch()], past: [] }),
    });
    const { router } = renderApp('/alta-pedido-bajada', { api });
    const grid = await chooseTomorrow();
    await userEvent.click(within(grid).getByRole('radio', { name: /^09:30 a 10:00, Completo/ }));
    await userEvent.selectOptions(screen.getByLabelText('Vuelta prevista'), at(tomorrow, '12:00'));
    await userEvent.type(screen.getByLabelText('Personas a bordo'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Pedir la bajada' }));
    const waitlist = await screen.findByRole('checkbox', { name: 'Apuntarme a la lista de espera' });
    await waitFor(() =>
      expect(waitlist).toHaveAccessibleDescription(
        'Ese turno está completo: marca «Apuntarme a la lista de espera» o elige otro.',
      ),
    );
    expect(create).not.toHaveBeenCalled();

    await userEvent.click(waitlist);
    await userEvent.click(screen.getByRole('button', { name: 'Pedir la bajada' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pedidosbajadas'));
    expect(create).toHaveBeenCalledWith(
      'launches',
      {
        boatId: BOAT_ID,
        slotStart: at(tomorrow, '09:30'),
        expectedReturn: at(tomorrow, '12:00'),
        people: 2,
        notes: '',
        waitlist: true,
      },
      { idempotencyKey: expect.any(String) },
    );
    expect(
      await screen.findByText(
        'Te has apuntado a la lista de espera (puesto 2). Te avisaremos si queda una plaza libre.',
      ),
    ).toBeInTheDocument();
  });

  it('says a slot taken meanwhile on the slot, keeps what was typed, and sends again with the same key', async () => {
    let calls = 0;
    const { api, create } = bookingApi({
      'POST launches': () => {
        calls += 1;
        if (calls === 1) throw new ApiError('slot_full', { status: 409 });
        if (calls === 2) throw new ApiError('network_error');
        return launch({ id: 'dddddddd-0000-4000-8000-000000000003', boatId: BOAT_ID, boatName: 'Gaviota' });
      },
    });
    const { router } = renderApp('/alta-pedido-bajada', { api });
    const grid = await chooseTomorrow();
    const ten = within(grid).getByRole('radio', { name: /^10:00 a 10:30/ });
    await userEvent.click(ten);
    await userEvent.selectOptions(screen.getByLabelText('Vuelta prevista'), at(tomorrow, '13:00'));
    await userEvent.type(screen.getByLabelText('Personas a bordo'), '4');
    await userEvent.type(screen.getByLabelText('Notas'), 'Con remolque');
    await userEvent.click(screen.getByRole('button', { name: 'Pedir la bajada' }));

    // On the slot's group, and focus goes to it.
    const error = await screen.findByText('Ese turno está completo. Elige otro o apúntate a la lista de espera.');
    expect(screen.getByRole('group', { name: 'Hora de bajada' })).toHaveAccessibleDescription(
      expect.stringContaining(error.textContent!),
    );
    expect(ten).toBeChecked();
    expect(screen.getByLabelText('Personas a bordo')).toHaveValue('4');
    expect(screen.getByLabelText('Notas')).toHaveValue('Con remolque');

    await userEvent.click(within(grid).getByRole('radio', { name: /^10:30 a 11:00/ }));
    await userEvent.selectOptions(screen.getByLabelText('Vuelta prevista'), at(tomorrow, '13:00'));
    await userEvent.click(screen.getByRole('button', { name: 'Pedir la bajada' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha perdido lo que escribiste.');
    await userEvent.click(screen.getByRole('button', { name: 'Pedir la bajada' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pedidosbajadas'));
    expect(create).toHaveBeenCalledTimes(3);
    // Another slot is another request; its retry is the same one.
    expect(create.mock.calls[1]![2].idempotencyKey).not.toBe(create.mock.calls[0]![2].idempotencyKey);
    expect(create.mock.calls[2]![2].idempotencyKey).toBe(create.mock.calls[1]![2].idempotencyKey);
    expect(create.mock.calls[2]![1]).toMatchObject({
      slotStart: at(tomorrow, '10:30'),
      people: 4,
      notes: 'Con remolque',
      waitlist: false,
    });
  });
});
