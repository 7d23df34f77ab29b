import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answeringApi, findStatus, renderApp } from '../../test/fixtures.tsx';
import { formatDay } from '../../domain/format-dates.ts';
import { at, BUSY_ID, daysPath, launch, stripDays, slotDay, today, tomorrow } from './launches.fixtures.ts';

describe('reprogramar-bajada and a launch’s detail', () => {
  it('shows the current slot, offers the free ones of the same boat, and moves it', async () => {
    const current = launch();
    const moved = launch({ slotStart: at(tomorrow, '12:00') });
    const { api, send } = answeringApi({
      'GET launches/dddddddd-0000-4000-8000-000000000001': () => current,
      'GET launches': () => ({ upcoming: [moved], past: [] }),
      [`GET launch-slots?boatId=${BUSY_ID}&date=${tomorrow}`]: () =>
        slotDay(tomorrow, { 5: { state: 'full', free: 0 } }),
      [daysPath(BUSY_ID)]: () => stripDays(),
      'POST launches/dddddddd-0000-4000-8000-000000000001/reschedule': () => moved,
    });
    const { router } = renderApp('/reprogramar-bajada?id=dddddddd-0000-4000-8000-000000000001', { api });
    expect(
      await screen.findByText(/Ahora: \p{L}+ \d+ de \p{L}+(?: de \d{4})?, de 10:00 a 10:30\./u),
    ).toBeInTheDocument();
    // The launch's own day on the strip, chosen and marked; its own slot marked and not choosable; a full
    // slot is not offered to a move.
    const days = await screen.findByRole('group', { name: 'Día' });
    expect(
      await within(days).findByRole('radio', { name: `${formatDay(tomorrow, today)}: hay plazas, Turno actual` }),
    ).toBeChecked();
    const grid = await screen.findByRole('group', { name: 'Hora de bajada' });
    expect(within(grid).getByRole('radio', { name: '10:00 a 10:30, Turno actual' })).toBeDisabled();
    expect(within(grid).getByRole('radio', { name: /^10:30 a 11:00, Completo/ })).toBeDisabled();
    await userEvent.click(within(grid).getByRole('radio', { name: /^12:00 a 12:30, 4 libres/ }));
    // The same four hours out as now.
    const back = within(screen.getByRole('group', { name: 'Vuelta prevista' })).getByRole('status');
    expect(back).toHaveTextContent('16:00');
    await userEvent.click(screen.getByRole('button', { name: 'Mover la bajada' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/pedidosbajadas/dddddddd-0000-4000-8000-000000000001'),
    );
    expect(send).toHaveBeenCalledWith('post', 'launches/dddddddd-0000-4000-8000-000000000001/reschedule', {
      slotStart: at(tomorrow, '12:00'),
      expectedReturn: at(tomorrow, '16:00'),
    });
    await findStatus('Bajada movida.');
  });

  it('a launch’s detail lists its history: who, when, from → to, and the slot of a move', async () => {
    const movedTo = at(tomorrow, '12:00');
    const detail = launch({
      slotStart: movedTo,
      status: 'confirmed',
      history: [
        {
          at: '2026-11-20T10:00:00+01:00',
          by: 'customer',
          from: null,
          to: 'waitlisted',
          slotStart: at(tomorrow, '10:00'),
          reason: null,
          byName: null,
        },
        {
          at: '2026-11-20T11:00:00+01:00',
          by: 'system',
          from: 'waitlisted',
          to: 'confirmed',
          slotStart: at(tomorrow, '10:00'),
          reason: null,
          byName: null,
        },
        {
          at: '2026-11-21T09:30:00+01:00',
          by: 'customer',
          from: 'confirmed',
          to: 'confirmed',
          slotStart: movedTo,
          reason: null,
          byName: null,
        },
      ],
    });
    renderApp('/pedidosbajadas/dddddddd-0000-4000-8000-000000000001', {
      api: answeringApi({ 'GET launches/dddddddd-0000-4000-8000-000000000001': () => detail }).api,
    });
    const history = await screen.findByRole('region', { name: 'Historial' });
    const entries = within(history)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries[0]).toMatch(
      /^[^·]+, 10:00 · Pediste la bajada; pasó a la lista de espera · Turno: \p{L}+ \d+ de \p{L}+(?: de \d{4})?, de 10:00 a 10:30$/u,
    );
    expect(entries[1]).toMatch(/^[^·]+, 11:00 · Quedó confirmada$/u);
    expect(entries[2]).toMatch(
      /^[^·]+, 09:30 · La moviste de turno · Turno: \p{L}+ \d+ de \p{L}+(?: de \d{4})?, de 12:00 a 12:30$/u,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bajada: Brisa');
  });
});
