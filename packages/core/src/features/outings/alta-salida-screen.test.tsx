import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import * as pillCss from '../../components/status-pill.css.ts';
import { answeringApi, findStatus, renderApp } from '../../test/fixtures.tsx';
import { at, atTenPastTen, AUTHORISATION_ID, BOAT_ID, options, OTHER_ID, outing, today } from './outings.fixtures.ts';

const TRAMONTANA_ID = '66666666-6666-4666-8666-666666666666';
const NUBE_ID = '77777777-7777-4777-8777-777777777777';

beforeEach(atTenPastTen);
afterEach(() => vi.useRealTimers());

/** The rule's refusal of a boat, with its one reason's code, as `GET /outing-options` says it. */
const notEligible = (code: 'contract_requested' | 'insurance_expired', text: string) => ({
  code: 'not_eligible' as const,
  text,
  reasons: [{ code, text, fix: null }],
});

function outingApi(answers: Record<string, (body?: unknown) => unknown> = {}) {
  return answeringApi({
    'GET outing-options': () => options(),
    'GET outings': () => ({ atSea: [outing()], history: [] }),
    ...answers,
  });
}

describe('alta-salida', () => {
  it('offers the boats that may go out, says why the others may not with the way to fix it, and prefills what it can', async () => {
    renderApp('/alta-salida', { api: outingApi().api });
    const choice = await screen.findByRole('group', { name: 'Barco' });
    expect(within(choice).getAllByRole('radio')).toHaveLength(1);
    // The only boat that may go is chosen, and with it its skipper (the owner: the person signed in).
    // A choice card: what the boat has today is read after its name.
    expect(within(choice).getByRole('radio', { name: 'Gaviota' })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: 'Gaviota' })).toHaveAccessibleDescription('En el agua');
    const notToday = within(screen.getByRole('list', { name: 'Hoy no pueden salir' })).getAllByRole('listitem');
    expect(notToday).toHaveLength(2);
    expect(notToday[0]).toHaveTextContent('AlbatrosNo tiene hoy una bajada confirmada ni está en el agua');
    expect(within(notToday[0]!).getByRole('link', { name: 'Pedir una bajada Albatros' })).toHaveAttribute(
      'href',
      `/alta-pedido-bajada-barco?barco=${OTHER_ID}`,
    );
    expect(notToday[1]).toHaveTextContent('BrisaYa está en el mar');
    expect(within(notToday[1]!).getByRole('link', { name: 'Ver mis salidas' })).toHaveAttribute('href', '/salidas');

    const skipper = screen.getByRole('group', { name: 'Patrón' });
    expect(within(skipper).getByRole('radio', { name: 'Ana García (tú)' })).toBeChecked();
    expect(within(skipper).getByRole('radio', { name: 'Luis Pons' })).not.toBeChecked();
    expect(screen.getByRole('list', { name: 'No pueden llevar el barco hoy' })).toHaveTextContent(
      'Marta VidalTitulación caducada',
    );
    expect(screen.getByLabelText('Teléfono de contacto')).toHaveValue('+34612345678');

    // Departure: now by default, or a quarter hour of the next hour; returns: quarter hours after it, up to closing.
    const departure = screen.getByLabelText('Salida');
    expect(
      within(departure)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ahora (10:07)', '10:15', '10:30', '10:45', '11:00']);
    expect(departure).toHaveValue('');
    const returns = () =>
      within(screen.getByLabelText('Regreso previsto'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(returns()[1]).toBe('10:15');
    expect(returns().at(-1)).toBe('20:00');
    await userEvent.selectOptions(departure, at(today, '11:00'));
    expect(returns()[1]).toBe('11:15');
  });

  it('with no boat ready, says why, one line per boat weighed as the rule weighs it, and leads one way: a launch', async () => {
    const none = options();
    const [gaviota] = none.boats;
    none.boats = [
      ...none.boats.filter((boat) => !boat.canLog),
      {
        ...gaviota!,
        boatId: TRAMONTANA_ID,
        boatName: 'Tramontana',
        launchToday: null,
        canLog: false,
        refusals: [
          notEligible('contract_requested', 'Contrato pendiente de aprobación'),
          { code: 'boat_not_in_water', text: 'Sin bajada confirmada hoy', reasons: [] },
        ],
      },
      {
        ...gaviota!,
        boatId: NUBE_ID,
        boatName: 'Nube',
        launchToday: null,
        canLog: false,
        refusals: [notEligible('insurance_expired', 'Seguro caducado')],
      },
    ];
    // Only the options are asked for: each refusal of the rule carries its reasons' codes.
    const { api, get } = outingApi({ 'GET outing-options': () => none });
    renderApp('/alta-salida', { api });
    expect(
      await screen.findByText(
        'Para registrar una salida, el barco tiene que tener hoy una bajada confirmada o estar ya en el agua. Ninguno de tus barcos la tiene.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Hoy ningún barco puede salir' })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'Tus barcos hoy' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'AlbatrosNo tiene hoy una bajada confirmada ni está en el agua',
      'BrisaYa está en el mar',
      // What the rule refuses is said alone: a launch would not help.
      'TramontanaContrato pendiente de aprobación',
      'NubeSeguro caducado',
    ]);
    // A contract waiting for the marina is pending, not an error; an expired insurance is.
    expect(within(rows[2]!).getByText('Contrato pendiente de aprobación')).toHaveClass(pillCss.statusPill.warning);
    expect(within(rows[3]!).getByText('Seguro caducado')).toHaveClass(pillCss.statusPill.danger);
    expect(screen.queryByRole('button', { name: 'Registrar la salida' })).toBeNull();
    // One way forward, no link per boat.
    expect(within(screen.getByRole('main')).getAllByRole('link', { name: /bajada|salidas|barcos/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Pedir una bajada' })).toHaveAttribute('href', '/alta-pedido-bajada');
    expect(get.mock.calls.map(([path]) => path)).not.toContain('boats');
  });

  it('with no boat ready and none a launch would help, leads to the boats, each reason weighed on its code', async () => {
    const none = options();
    none.boats = [
      {
        ...none.boats[0]!,
        launchToday: null,
        canLog: false,
        refusals: [notEligible('insurance_expired', 'Seguro caducado')],
      },
    ];
    renderApp('/alta-salida', { api: outingApi({ 'GET outing-options': () => none }).api });
    const pill = await screen.findByText('Seguro caducado');
    expect(pill).toHaveClass(pillCss.statusPill.danger);
    expect(screen.getByRole('link', { name: 'Ver mis barcos' })).toHaveAttribute('href', '/misbarcos');
    expect(screen.queryByRole('link', { name: 'Pedir una bajada' })).toBeNull();
  });

  it('without boats, leads to asking for a contract', async () => {
    renderApp('/alta-salida', { api: outingApi({ 'GET outing-options': () => options({ boats: [] }) }).api });
    expect(await screen.findByRole('link', { name: 'Solicitar contrato' })).toHaveAttribute('href', '/alta-contrato');
  });

  it('logs the outing with an idempotency key and goes to salidas, which says so', async () => {
    const { api, create } = outingApi({ 'POST outings': () => outing() });
    const { router } = renderApp('/alta-salida', { api });
    await screen.findByRole('group', { name: 'Barco' });
    await userEvent.selectOptions(screen.getByLabelText('Regreso previsto'), at(today, '14:00'));
    await userEvent.type(screen.getByLabelText('Personas a bordo'), '3');
    await userEvent.click(screen.getByRole('radio', { name: 'Luis Pons' }));
    await userEvent.type(screen.getByLabelText('Destino o zona'), 'Cala Blava');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar la salida' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/salidas'));
    expect(create).toHaveBeenCalledWith(
      'outings',
      {
        boatId: BOAT_ID,
        expectedReturn: at(today, '14:00'),
        people: 3,
        skipper: AUTHORISATION_ID,
        destination: 'Cala Blava',
        contactPhone: '+34612345678',
      },
      { idempotencyKey: expect.any(String) },
    );
    await findStatus('Salida de Gaviota registrada. Buena navegación. Al volver, pulsa «He vuelto».');
  });

  it('says what is missing on each field before sending anything', async () => {
    const { api, create } = outingApi();
    renderApp('/alta-salida', { api });
    await screen.findByRole('group', { name: 'Barco' });
    await userEvent.clear(screen.getByLabelText('Teléfono de contacto'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar la salida' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Regreso previsto')).toHaveAccessibleDescription(
        expect.stringContaining('Elige la hora de vuelta prevista.'),
      ),
    );
    expect(screen.getByLabelText('Personas a bordo')).toHaveAccessibleDescription(
      expect.stringContaining('Escribe cuántas personas van a bordo.'),
    );
    expect(screen.getByLabelText('Destino o zona')).toHaveAccessibleDescription(
      expect.stringContaining('Escribe el destino o la zona de navegación.'),
    );
    expect(screen.getByLabelText('Teléfono de contacto')).toHaveAccessibleDescription(
      expect.stringContaining('Escribe un teléfono de contacto durante la salida.'),
    );
    await waitFor(() => expect(screen.getByLabelText('Regreso previsto')).toHaveFocus());
    expect(create).not.toHaveBeenCalled();
  });

  it('says a refusal on its field, keeps what was typed, and retries with the same key', async () => {
    let calls = 0;
    const { api, create, get } = outingApi({
      'POST outings': () => {
        calls += 1;
        if (calls === 1) throw new ApiError('boat_not_in_water', { status: 409 });
        if (calls === 2) throw new ApiError('network_error');
        return outing();
      },
    });
    const { router } = renderApp('/alta-salida', { api });
    await screen.findByRole('group', { name: 'Barco' });
    await userEvent.selectOptions(screen.getByLabelText('Salida'), at(today, '10:30'));
    await userEvent.selectOptions(screen.getByLabelText('Regreso previsto'), at(today, '15:00'));
    await userEvent.type(screen.getByLabelText('Personas a bordo'), '2');
    await userEvent.type(screen.getByLabelText('Destino o zona'), 'Isla de Cabrera');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar la salida' }));

    const message = await screen.findByText(
      'Este barco no tiene hoy una bajada confirmada ni está en el agua. Pide la bajada antes de registrar la salida.',
    );
    expect(screen.getByRole('group', { name: 'Barco' })).toHaveAccessibleDescription(
      expect.stringContaining(message.textContent!),
    );
    expect(screen.getByLabelText('Salida')).toHaveValue(at(today, '10:30'));
    expect(screen.getByLabelText('Regreso previsto')).toHaveValue(at(today, '15:00'));
    expect(screen.getByLabelText('Personas a bordo')).toHaveValue('2');
    expect(screen.getByLabelText('Destino o zona')).toHaveValue('Isla de Cabrera');
    // What the boats may do is asked again.
    await waitFor(() => expect(get.mock.calls.filter(([path]) => path === 'outing-options').length).toBeGreaterThan(1));

    // A launch confirmed meanwhile; sent again a quarter later: refused for no connection, then through.
    await userEvent.selectOptions(screen.getByLabelText('Salida'), at(today, '10:45'));
    await userEvent.click(screen.getByRole('button', { name: 'Registrar la salida' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha perdido lo que escribiste.');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar la salida' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/salidas'));
    expect(create).toHaveBeenCalledTimes(3);
    // Another departure is another request; its retry is the same one.
    const keys = create.mock.calls.map((call) => call[2].idempotencyKey);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    expect(create.mock.calls[2]![1]).toMatchObject({
      departure: at(today, '10:45'),
      destination: 'Isla de Cabrera',
      people: 2,
    });
  });

  it('a skipper refused by the server is said on the skipper', async () => {
    renderApp('/alta-salida', {
      api: outingApi({
        'POST outings': () => {
          throw new ApiError('skipper_not_allowed', { status: 422 });
        },
      }).api,
    });
    await screen.findByRole('group', { name: 'Barco' });
    await userEvent.selectOptions(screen.getByLabelText('Regreso previsto'), at(today, '12:00'));
    await userEvent.type(screen.getByLabelText('Personas a bordo'), '1');
    await userEvent.type(screen.getByLabelText('Destino o zona'), 'Bahía');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar la salida' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Patrón' })).toHaveAccessibleDescription(
        expect.stringContaining(
          'El patrón debe ser el propietario o una persona autorizada activa, con la titulación náutica en vigor.',
        ),
      ),
    );
  });
});
