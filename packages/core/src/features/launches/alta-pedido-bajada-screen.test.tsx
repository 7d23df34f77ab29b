import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { addDays } from '../../domain/calendar.ts';
import { formatDay } from '../../domain/format-dates.ts';
import { answeringApi, findStatus, renderApp } from '../../test/fixtures.tsx';
import {
  at,
  BLOCKED_ID,
  BOAT_ID,
  boats,
  daysPath,
  launch,
  stripDays,
  slotDay,
  today,
  tomorrow,
} from './launches.fixtures.ts';

const slotsPath = (date: string, boatId = BOAT_ID) => `GET launch-slots?boatId=${boatId}&date=${date}`;

/** Tomorrow: 08:00 past its lead time, 08:30 closed for weather, 09:00 nearly full, 09:30 full with one waiting, the rest free. */
const tomorrowSlots = () =>
  slotDay(tomorrow, {
    0: { state: 'past' },
    1: { state: 'closed', closedReason: 'temporal' },
    2: { free: 1 },
    3: { state: 'full', free: 0, waiting: 1 },
  });

const NEW_ID = 'dddddddd-0000-4000-8000-000000000002';

function bookingApi(answers: Record<string, (body?: unknown) => unknown> = {}) {
  return answeringApi({
    'GET boats': () => ({ boats: boats() }),
    'GET launches': () => ({ upcoming: [launch()], past: [] }),
    [daysPath(BOAT_ID)]: () => stripDays(),
    [slotsPath(tomorrow)]: () => tomorrowSlots(),
    ...answers,
  });
}

/** The day strip's group, once its days are in; tomorrow is chosen by itself (today has no slot left). */
const strip = () => screen.findByRole('group', { name: 'Día' });
const chips = () => screen.findByRole('group', { name: 'Hora de bajada' });
const chip = async (name: RegExp) => within(await chips()).getByRole('radio', { name });
const returnShown = () => within(screen.getByRole('group', { name: 'Vuelta prevista' })).getByRole('status');

/** From the form to the summary, and the summary's «Confirmar bajada». */
async function reviewAndConfirm() {
  await userEvent.click(screen.getByRole('button', { name: 'Revisar la bajada' }));
  await screen.findByRole('region', { name: 'Revisa tu bajada' });
  await userEvent.click(screen.getByRole('button', { name: 'Confirmar bajada' }));
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
    await userEvent.click(await chip(/^10:00 a 10:30/));
    await userEvent.click(screen.getByRole('button', { name: 'Una persona más' }));
    await reviewAndConfirm();
    // Back on the form, the server's words on the boat, and everything chosen where it was.
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Barco' })).toHaveAccessibleDescription(
        expect.stringContaining('Marta Ruiz Soler, a quien autorizaste'),
      ),
    );
    expect(screen.getByRole('group', { name: 'Barco' })).toHaveTextContent('jueves 3 de junio de 2027 a las 10:30');
    expect(within(screen.getByRole('group', { name: 'Personas a bordo' })).getByRole('status')).toHaveTextContent('2');
    expect(await chip(/^10:00 a 10:30/)).toBeChecked();
  });

  it('a link for one boat chooses it from what the server says now, not from what the phone kept', async () => {
    // The list the phone has: Gaviota's launch open, so only Brisa could be chosen from it.
    let upcoming = [launch({ boatId: BOAT_ID, boatName: 'Gaviota' })];
    const { api } = bookingApi({ 'GET launches': () => ({ upcoming, past: [] }) });
    const { router } = renderApp('/pedidosbajadas', { api });
    expect(await screen.findByRole('heading', { name: 'Gaviota' })).toBeInTheDocument();
    // Cancelled from another phone; then the link for Gaviota.
    upcoming = [];
    await router.navigate(`/alta-pedido-bajada-barco?barco=${BOAT_ID}`);
    const choice = await screen.findByRole('group', { name: 'Barco' });
    expect(within(choice).getByRole('radio', { name: 'Gaviota (7ª-BA-1-23-19)' })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: 'Brisa (7ª-BA-9-99-20)' })).not.toBeChecked();
  });

  it('a link for a boat that cannot go chooses no other boat in its place', async () => {
    renderApp(`/alta-pedido-bajada-barco?barco=${BLOCKED_ID}`, {
      api: bookingApi({ 'GET launches': () => ({ upcoming: [], past: [] }) }).api,
    });
    const choice = await screen.findByRole('group', { name: 'Barco' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .filter((radio) => (radio as HTMLInputElement).checked),
    ).toHaveLength(0);
    expect(screen.getByRole('list', { name: 'Albatros: no puede bajar al agua' })).toBeInTheDocument();
  });

  it('shows the days as a strip with their availability, a closure’s reason once, and chooses the first day with slots', async () => {
    const closed = addDays(today, 3);
    const alsoClosed = addDays(today, 4);
    const { api, get } = bookingApi({
      [daysPath(BOAT_ID)]: () =>
        stripDays({
          [addDays(today, 2)]: { state: 'few', free: 2 },
          [closed]: { state: 'closed', closedReason: 'Regata', free: 0, bookable: 0 },
          [alsoClosed]: { state: 'closed', closedReason: 'Regata', free: 0, bookable: 0 },
          [addDays(today, 5)]: { state: 'full', free: 0 },
        }),
    });
    renderApp(`/alta-pedido-bajada-barco?barco=${BOAT_ID}`, { api });
    const days = await strip();
    const day = (date: string, words: string) =>
      within(days).getByRole('radio', { name: `${formatDay(date, today)}: ${words}` });
    await waitFor(() => expect(day(tomorrow, 'hay plazas')).toBeChecked());
    expect(day(today, 'ya no quedan turnos')).toBeDisabled();
    expect(day(addDays(today, 2), 'quedan pocas plazas')).toBeEnabled();
    expect(day(closed, 'cerrado')).toBeDisabled();
    expect(day(addDays(today, 5), 'completo, con lista de espera')).toBeEnabled();
    expect(within(days).getAllByRole('radio')).toHaveLength(31);
    // The reason once, for both days.
    expect(within(days).getAllByText(/Regata/)).toHaveLength(1);
    expect(within(days).getByText(/Regata/)).toHaveTextContent(
      `Cerrado el ${formatDay(closed, today)} y el ${formatDay(alsoClosed, today)}: Regata`,
    );
    // One call for the whole strip.
    expect(get.mock.calls.filter(([path]) => String(path).startsWith('launch-days'))).toHaveLength(1);
  });

  it('offers only the slots still to come as chips, their places in words, and a return three hours on, up to closing', async () => {
    renderApp('/alta-pedido-bajada', { api: bookingApi().api });
    const grid = await chips();
    // 08:00 has gone and 08:30 is closed: not offered; the closure's reason said once.
    expect(within(grid).queryByRole('radio', { name: /^08:00/ })).toBeNull();
    expect(within(grid).queryByRole('radio', { name: /^08:30/ })).toBeNull();
    expect(within(grid).getByText('Algunos turnos están cerrados: temporal')).toBeInTheDocument();
    expect(await chip(/^09:00 a 09:30, Queda 1$/)).toBeEnabled();
    expect(await chip(/^09:30 a 10:00, Lista de espera$/)).toBeEnabled();
    expect(await chip(/^10:00 a 10:30, 4 libres$/)).toBeEnabled();
    expect(within(grid).getAllByRole('radio')).toHaveLength(22);
    expect(screen.queryByRole('checkbox')).toBeNull();

    await userEvent.click(await chip(/^10:00 a 10:30/));
    expect(returnShown()).toHaveTextContent('13:00');
    await userEvent.click(screen.getByRole('button', { name: 'Vuelta media hora antes' }));
    expect(returnShown()).toHaveTextContent('12:30');
    // Up to closing, and no further.
    await userEvent.click(await chip(/^18:30 a 19:00/));
    expect(returnShown()).toHaveTextContent('20:00');
    const later = screen.getByRole('button', { name: 'Vuelta media hora más tarde' });
    expect(later).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(later);
    expect(returnShown()).toHaveTextContent('20:00');
  });

  it('a full slot’s chip is its waiting list: the summary says so, and the person lands on the new launch', async () => {
    const { api, create } = bookingApi({
      'POST launches': () =>
        launch({
          id: NEW_ID,
          boatId: BOAT_ID,
          boatName: 'Gaviota',
          status: 'waitlisted',
          waitlistPosition: 2,
          slotStart: at(tomorrow, '09:30'),
        }),
      [`GET launches/${NEW_ID}`]: () =>
        launch({ id: NEW_ID, boatId: BOAT_ID, boatName: 'Gaviota', status: 'waitlisted', waitlistPosition: 2 }),
    });
    const { router } = renderApp(`/alta-pedido-bajada-barco?barco=${BOAT_ID}`, { api });
    await userEvent.click(await chip(/^09:30 a 10:00, Lista de espera/));
    await userEvent.click(screen.getByRole('button', { name: 'Una persona más' }));
    await userEvent.click(screen.getByRole('button', { name: 'Revisar la bajada' }));
    const summary = await screen.findByRole('region', { name: 'Revisa tu bajada' });
    expect(screen.getByRole('heading', { name: 'Revisa tu bajada' })).toHaveFocus();
    expect(summary).toHaveTextContent('Gaviota (7ª-BA-1-23-19)');
    expect(summary).toHaveTextContent('09:30 – 10:00');
    expect(summary).toHaveTextContent('12:30');
    expect(summary).toHaveTextContent('Sin notas');
    expect(summary).toHaveTextContent('te apuntarás a su lista de espera');
    expect(create).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Confirmar bajada' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pedidosbajadas/${NEW_ID}`));
    expect(create).toHaveBeenCalledWith(
      'launches',
      {
        boatId: BOAT_ID,
        slotStart: at(tomorrow, '09:30'),
        expectedReturn: at(tomorrow, '12:30'),
        people: 2,
        notes: '',
        waitlist: true,
      },
      { idempotencyKey: expect.any(String) },
    );
    await findStatus('Te has apuntado a la lista de espera (puesto 2). Te avisaremos si queda una plaza libre.');
    // Said once: not kept in the history entry for a reload.
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it('«Cambiar algo» goes back to the form with every choice where it was', async () => {
    renderApp(`/alta-pedido-bajada-barco?barco=${BOAT_ID}`, { api: bookingApi().api });
    await userEvent.click(await chip(/^11:00 a 11:30/));
    await userEvent.type(screen.getByLabelText('Notas'), 'Con remolque');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar la bajada' }));
    expect(await screen.findByRole('region', { name: 'Revisa tu bajada' })).toHaveTextContent('Con remolque');
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar algo' }));
    expect(screen.queryByRole('region', { name: 'Revisa tu bajada' })).toBeNull();
    expect(await chip(/^11:00 a 11:30/)).toBeChecked();
    expect(screen.getByLabelText('Notas')).toHaveValue('Con remolque');
  });

  it('says a slot taken meanwhile on the slot, keeps what was chosen, and sends again with the same key', async () => {
    let calls = 0;
    const { api, create } = bookingApi({
      'POST launches': () => {
        calls += 1;
        if (calls === 1) throw new ApiError('slot_full', { status: 409 });
        if (calls === 2) throw new ApiError('network_error');
        return launch({ id: NEW_ID, boatId: BOAT_ID, boatName: 'Gaviota' });
      },
      [`GET launches/${NEW_ID}`]: () => launch({ id: NEW_ID, boatId: BOAT_ID, boatName: 'Gaviota' }),
    });
    const { router } = renderApp(`/alta-pedido-bajada-barco?barco=${BOAT_ID}`, { api });
    await userEvent.click(await chip(/^10:00 a 10:30/));
    await userEvent.type(screen.getByLabelText('Notas'), 'Con remolque');
    await reviewAndConfirm();

    // Back on the form: on the slot's group, and focus goes to it.
    const error = await screen.findByText('Ese turno está completo. Elige otro o apúntate a la lista de espera.');
    expect(screen.getByRole('group', { name: 'Hora de bajada' })).toHaveAccessibleDescription(
      expect.stringContaining(error.textContent!),
    );
    expect(await chip(/^10:00 a 10:30/)).toBeChecked();
    expect(screen.getByLabelText('Notas')).toHaveValue('Con remolque');

    await userEvent.click(await chip(/^10:30 a 11:00/));
    await reviewAndConfirm();
    // No network: said on the summary, which stays; nothing lost.
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha perdido lo que escribiste.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar bajada' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pedidosbajadas/${NEW_ID}`));
    expect(create).toHaveBeenCalledTimes(3);
    // Another slot is another request; its retry is the same one.
    expect(create.mock.calls[1]![2].idempotencyKey).not.toBe(create.mock.calls[0]![2].idempotencyKey);
    expect(create.mock.calls[2]![2].idempotencyKey).toBe(create.mock.calls[1]![2].idempotencyKey);
    expect(create.mock.calls[2]![1]).toMatchObject({
      slotStart: at(tomorrow, '10:30'),
      // The return chosen for 10:00 still comes after 10:30: kept.
      expectedReturn: at(tomorrow, '13:00'),
      people: 1,
      notes: 'Con remolque',
      waitlist: false,
    });
  });
});
