import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { Launch } from '../../domain/launches.ts';
import { PERSIST_KEY } from '../../lib/queries.ts';
import { answeringApi, findStatus, renderApp } from '../../test/fixtures.tsx';
import { at, BOAT_ID, launch, tomorrow } from './launches.fixtures.ts';

const confirmed = launch();
const waiting = launch({
  id: 'dddddddd-0000-4000-8000-000000000002',
  boatId: BOAT_ID,
  boatName: 'Gaviota',
  status: 'waitlisted',
  waitlistPosition: 2,
  slotStart: at(tomorrow, '11:00'),
  actions: { reschedule: true, cancel: true, readyToStow: false, calendar: false },
});
const done = launch({
  id: 'dddddddd-0000-4000-8000-000000000000',
  boatName: 'Gaviota',
  status: 'cancelled',
  cancellationReason: 'Temporal de levante',
  actions: { reschedule: false, cancel: false, readyToStow: false, calendar: false },
});

describe('pedidosbajadas', () => {
  it('lists upcoming launches, then past ones, each with its state in words and its slot in the marina’s time', async () => {
    renderApp('/pedidosbajadas', {
      api: answeringApi({ 'GET launches': () => ({ upcoming: [confirmed, waiting], past: [done] }) }).api,
    });
    const upcoming = await screen.findByRole('region', { name: 'Próximas' });
    const [first, second] = within(upcoming).getAllByRole('article');
    expect(first).toHaveAccessibleName('Brisa');
    // Compact: 10:00 in Madrid (whatever the test machine's zone), the return, the state; the whole row
    // leads to the launch, where it is moved, cancelled or added to a calendar.
    const row = within(first!).getByRole('link');
    expect(row).toHaveTextContent('BrisaConfirmadamañana · 10:00 · vuelta 14:00');
    expect(row).toHaveAttribute('href', '/pedidosbajadas/dddddddd-0000-4000-8000-000000000001');
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(second).toHaveTextContent('En lista de espera');
    expect(second).toHaveTextContent('Puesto 2 en la lista de espera.');

    const past = screen.getByRole('region', { name: 'Anteriores' });
    expect(past).toHaveTextContent('Cancelada');
    expect(past).toHaveTextContent('Motivo: Temporal de levante');
    expect(within(past).queryByRole('button')).toBeNull();
  });

  it('on the launch: moves, adds to the calendar, and asks before cancelling, naming the slot; "No" keeps it, "Sí" cancels it', async () => {
    const { api, send } = answeringApi({
      'GET launches/dddddddd-0000-4000-8000-000000000001': () => confirmed,
      'POST launches/dddddddd-0000-4000-8000-000000000001/cancel': () => ({
        ...confirmed,
        status: 'cancelled',
        actions: { reschedule: false, cancel: false, readyToStow: false, calendar: false },
      }),
    });
    renderApp('/pedidosbajadas/dddddddd-0000-4000-8000-000000000001', { api });
    expect(await screen.findByRole('link', { name: 'Mover Brisa' })).toHaveAttribute(
      'href',
      '/reprogramar-bajada?id=dddddddd-0000-4000-8000-000000000001',
    );
    expect(screen.getByRole('button', { name: 'Añadir al calendario Brisa' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar Brisa' }));
    const question = screen.getByRole('group', { name: '¿Cancelar esta bajada?' });
    expect(question).toHaveTextContent(
      /Se cancelará la bajada del \p{L}+ \d+ de \p{L}+(?: de \d{4})?, de 10:00 a 10:30/u,
    );
    await waitFor(() => expect(within(question).getByRole('heading')).toHaveFocus());
    await userEvent.click(within(question).getByRole('button', { name: 'No, mantenerla' }));
    expect(send).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar Brisa' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar Brisa' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sí, cancelar la bajada' }));
    await findStatus('Bajada cancelada.');
    expect(send).toHaveBeenCalledWith('post', 'launches/dddddddd-0000-4000-8000-000000000001/cancel', {});
  });

  describe('a launch a person the owner authorised asked for', () => {
    const theirs = launch({
      id: 'dddddddd-0000-4000-8000-000000000009',
      bookedBy: { name: 'Marta Ruiz Soler', role: 'authorised' },
      actions: { reschedule: false, cancel: true, readyToStow: false, calendar: true },
      history: [
        {
          at: '2026-11-20T10:00:00+01:00',
          by: 'customer',
          from: null,
          to: 'confirmed',
          slotStart: at(tomorrow, '10:00'),
          reason: null,
          byName: 'Marta Ruiz Soler',
        },
      ],
    });

    it('on the launch, says «Pedida por» with the name, offers cancelling and the calendar, not moving, and asks naming the person', async () => {
      const { api, send } = answeringApi({
        'GET launches/dddddddd-0000-4000-8000-000000000009': () => theirs,
        'POST launches/dddddddd-0000-4000-8000-000000000009/cancel': () => ({
          ...theirs,
          status: 'cancelled',
          cancellationReason: 'La ha cancelado Ana Prueba, titular del barco.',
          actions: { reschedule: false, cancel: false, readyToStow: false, calendar: false },
        }),
      });
      renderApp('/pedidosbajadas/dddddddd-0000-4000-8000-000000000009', { api });
      const item = await screen.findByRole('region', { name: 'Brisa' });
      expect(item).toHaveTextContent('Pedida porMarta Ruiz SolerEstadoConfirmada');
      expect(item).toHaveTextContent(
        'La pidió Marta Ruiz Soler, a quien autorizaste. Como titular del barco, puedes cancelarla; moverla le corresponde a esa persona.',
      );
      expect(within(item).queryByRole('link', { name: /^Mover/ })).toBeNull();
      expect(within(item).queryByRole('button', { name: /^Listo para subir/ })).toBeNull();
      expect(within(item).getByRole('button', { name: 'Añadir al calendario Brisa' })).toBeInTheDocument();
      await userEvent.click(within(item).getByRole('button', { name: 'Cancelar Brisa' }));
      const question = screen.getByRole('group', { name: '¿Cancelar esta bajada?' });
      expect(question).toHaveTextContent(
        /Se cancelará la bajada que pidió Marta Ruiz Soler para el \p{L}+ \d+ de \p{L}+(?: de \d{4})?, de 10:00 a 10:30\. Le avisaremos de que la has cancelado tú\./u,
      );
      await userEvent.click(within(question).getByRole('button', { name: 'Sí, cancelar la bajada' }));
      await findStatus('Bajada cancelada.');
      expect(send).toHaveBeenCalledWith('post', 'launches/dddddddd-0000-4000-8000-000000000009/cancel', {});
    });

    it('names the person in its history, and its move screen says the move is theirs', async () => {
      renderApp('/pedidosbajadas/dddddddd-0000-4000-8000-000000000009', {
        api: answeringApi({ 'GET launches/dddddddd-0000-4000-8000-000000000009': () => theirs }).api,
      });
      const history = await screen.findByRole('region', { name: 'Historial' });
      expect(within(history).getByRole('listitem')).toHaveTextContent(
        / · Marta Ruiz Soler pidió la bajada; quedó confirmada · /,
      );
      expect(screen.getByRole('region', { name: 'Brisa' })).toHaveTextContent('Pedida porMarta Ruiz Soler');
      cleanup();
      renderApp('/reprogramar-bajada?id=dddddddd-0000-4000-8000-000000000009', {
        api: answeringApi({ 'GET launches/dddddddd-0000-4000-8000-000000000009': () => theirs }).api,
      });
      expect(
        await screen.findByText(
          'Esta bajada la pidió Marta Ruiz Soler: solo esa persona puede moverla. Como titular del barco, puedes cancelarla desde Bajadas.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Mover la bajada' })).toBeNull();
    });

    it('is inicio’s next launch, saying who asked for it', async () => {
      renderApp('/inicio', {
        api: answeringApi({
          'GET launches': () => ({ upcoming: [theirs], past: [] }),
          'GET boats': () => ({ boats: [] }),
          'GET outings': () => ({ atSea: [], history: [] }),
        }).api,
      });
      const card = await screen.findByRole('region', { name: 'Próxima bajada' });
      await waitFor(() => expect(card).toHaveTextContent('Pedida porMarta Ruiz SolerEstadoConfirmada'));
      expect(within(card).getByRole('link', { name: 'Ver detalle' })).toHaveAttribute(
        'href',
        '/pedidosbajadas/dddddddd-0000-4000-8000-000000000009',
      );
    });
  });

  it('past the cut-off, says to call the marina, with its phone as a link', async () => {
    const late = { ...confirmed, actions: { reschedule: false, cancel: false, readyToStow: false, calendar: true } };
    renderApp('/pedidosbajadas/dddddddd-0000-4000-8000-000000000001', {
      api: answeringApi({ 'GET launches/dddddddd-0000-4000-8000-000000000001': () => late }).api,
    });
    const item = await screen.findByRole('region', { name: 'Brisa' });
    expect(item).toHaveTextContent(
      'Faltan menos de 60 minutos para el turno: ya no se puede mover ni cancelar desde la aplicación. Llama al puerto:',
    );
    expect(await within(item).findByRole('link', { name: 'Llamar al +34 971 000 041' })).toHaveAttribute(
      'href',
      'tel:+34971000041',
    );
    expect(within(item).queryByRole('button', { name: /^Cancelar/ })).toBeNull();
    expect(within(item).queryByRole('link', { name: /^Mover/ })).toBeNull();
  });

  it('"Listo para subir" on the list, the one action there, once the boat is in the water', async () => {
    const inWater = {
      ...confirmed,
      status: 'in_water' as const,
      actions: { reschedule: false, cancel: false, readyToStow: true, calendar: false },
    };
    let current: Launch = inWater;
    const { api, send } = answeringApi({
      'GET launches': () => ({ upcoming: [current], past: [] }),
      'POST launches/dddddddd-0000-4000-8000-000000000001/ready-to-stow': () =>
        (current = { ...inWater, status: 'ready_to_stow', actions: { ...inWater.actions, readyToStow: false } }),
    });
    renderApp('/pedidosbajadas', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Listo para subir Brisa' }));
    await findStatus('Hemos avisado al puerto de que el barco está listo para subir.');
    expect(send).toHaveBeenCalledWith('post', 'launches/dddddddd-0000-4000-8000-000000000001/ready-to-stow', {});
    await waitFor(() => expect(screen.getByRole('article', { name: 'Brisa' })).toHaveTextContent('Lista para subir'));
    expect(screen.queryByRole('button', { name: 'Listo para subir Brisa' })).toBeNull();
  });

  it('asks again every time it opens, even just after: staff may have changed a launch meanwhile', async () => {
    renderApp('/pedidosbajadas', {
      api: answeringApi({ 'GET launches': () => ({ upcoming: [waiting], past: [] }) }).api,
    });
    expect(await screen.findByRole('article', { name: 'Gaviota' })).toHaveTextContent('En lista de espera');
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('Gaviota'));
    cleanup();
    const promoted = { ...waiting, status: 'confirmed' as const, waitlistPosition: null };
    renderApp('/pedidosbajadas', {
      api: answeringApi({ 'GET launches': () => ({ upcoming: [promoted], past: [] }) }).api,
    });
    await waitFor(() => expect(screen.getByRole('article', { name: 'Gaviota' })).toHaveTextContent('Confirmada'));
  });

  it('keeps the last list on the phone and shows it offline, saying from when', async () => {
    renderApp('/pedidosbajadas', {
      api: answeringApi({ 'GET launches': () => ({ upcoming: [confirmed], past: [] }) }).api,
    });
    await screen.findByRole('article', { name: 'Brisa' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('Brisa'));
    // An hour later the tab is opened again at the dock, without coverage.
    cleanup();
    const kept = JSON.parse(localStorage.getItem(PERSIST_KEY)!) as {
      clientState: { queries: Array<{ state: { dataUpdatedAt: number } }> };
    };
    for (const query of kept.clientState.queries) query.state.dataUpdatedAt -= 60 * 60 * 1000;
    localStorage.setItem(PERSIST_KEY, JSON.stringify(kept));
    const offline = answeringApi({
      'GET launches': () => {
        throw new ApiError('network_error');
      },
    });
    renderApp('/pedidosbajadas', { api: offline.api });
    expect(await screen.findByRole('article', { name: 'Brisa' })).toBeInTheDocument();
    expect(
      await screen.findByText(/^Sin conexión · actualizado (el \d{1,2}\/\d{1,2} )?a las \d\d:\d\d$/),
    ).toBeInTheDocument();
  });

  it('loads older launches a page at a time, and shows the pages loaded offline', async () => {
    const older = launch({ ...done, id: 'l-old', boatName: 'Albatros' });
    renderApp('/pedidosbajadas', {
      api: answeringApi({
        'GET launches': () => ({ upcoming: [confirmed], past: [done], next: 'c-1' }),
        'GET launches?cursor=c-1': () => ({ upcoming: [], past: [older], next: null }),
      }).api,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar más bajadas anteriores' }));
    expect(await screen.findByRole('article', { name: 'Albatros' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cargar más bajadas anteriores' })).toBeNull());
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('Albatros'));
    cleanup();
    const offline = answeringApi({
      'GET launches': () => {
        throw new ApiError('network_error');
      },
    });
    renderApp('/pedidosbajadas', { api: offline.api });
    expect(await screen.findByRole('article', { name: 'Albatros' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Brisa' })).toBeInTheDocument();
  });
});
