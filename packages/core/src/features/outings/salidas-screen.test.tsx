import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { Outing } from '../../domain/outings.ts';
import { PERSIST_KEY } from '../../lib/queries.ts';
import { answeringApi, findStatus, renderApp } from '../../test/fixtures.tsx';
import { at, atTenPastTen, history, outing, today } from './outings.fixtures.ts';

beforeEach(atTenPastTen);
afterEach(() => vi.useRealTimers());

const returned = (from: Outing): Outing => ({
  ...from,
  state: 'returned',
  returnedAt: at(today, '10:07'),
  returnedBy: 'customer',
  actions: { return: false, extend: false },
});

describe('salidas', () => {
  it('shows the outing at sea first, with its times in the marina’s zone, then the history per boat', async () => {
    renderApp('/salidas', {
      api: answeringApi({ 'GET outings': () => ({ atSea: [outing()], history: history() }) }).api,
    });
    const atSea = await screen.findByRole('region', { name: 'En el mar' });
    const item = within(atSea).getByRole('article', { name: 'Gaviota' });
    // The boat and where it goes, its times side by side; who is on board folded, a tap away.
    expect(item).toHaveTextContent(/^GaviotaCala BlavaSalidahoy, 10:00Regreso previsto14:00/);
    const folded = within(item).getByText('Patrón, personas y teléfono').closest('details')!;
    expect(folded).not.toHaveAttribute('open');
    await userEvent.click(within(item).getByText('Patrón, personas y teléfono'));
    expect(folded).toHaveAttribute('open');
    expect(folded).toHaveTextContent('PatrónAna García');
    expect(folded).toHaveTextContent('Personas a bordo3');
    expect(folded).toHaveTextContent('Teléfono de contacto+34 612 345 678');
    expect(within(item).getByRole('button', { name: 'He vuelto Gaviota' })).toBeEnabled();
    expect(within(item).getByRole('button', { name: 'Ampliar hora de regreso Gaviota' })).toBeEnabled();

    const past = screen.getByRole('region', { name: 'Historial' });
    const boats = within(past).getAllByRole('region');
    expect(
      boats.map((region) => region.getAttribute('aria-labelledby') && within(region).getByRole('heading').textContent),
    ).toEqual(['Gaviota', 'Albatros']);
    const gaviota = within(boats[0]!).getAllByRole('article');
    expect(gaviota.map((article) => article.getAttribute('aria-label'))).toEqual([
      'Gaviota, viernes 20 de noviembre, 09:00',
      'Gaviota, lunes 2 de noviembre, 11:00',
    ]);
    // One row each: the day, the destination, from when to when; the rest folded under it.
    expect(gaviota[0]).toHaveTextContent(/^viernes 20 de noviembre09:00 – 12:40 · Cala Blava/);
    expect(gaviota[1]).toHaveTextContent(/^lunes 2 de noviembre11:00 – 14:30 · Isla de Cabrera/);
    const row = gaviota[0]!.querySelector('details')!;
    expect(row).not.toHaveAttribute('open');
    await userEvent.click(within(gaviota[0]!).getByText('viernes 20 de noviembre'));
    expect(row).toHaveAttribute('open');
    expect(row).toHaveTextContent('PatrónAna García');
    // Returned by the marina: a pill says so; by the person, nothing to say.
    const albatros = within(boats[1]!).getByRole('article');
    expect(within(albatros).getByText('Cerrada por el puerto')).toBeInTheDocument();
    expect(within(gaviota[0]!).queryByText('Cerrada por el puerto')).toBeNull();
    expect(within(past).queryByRole('button')).toBeNull();
    // The history comes after what is at sea.
    expect(atSea.compareDocumentPosition(past) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says when nothing was ever logged, and leads to logging one', async () => {
    renderApp('/salidas', { api: answeringApi({ 'GET outings': () => ({ atSea: [], history: [] }) }).api });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ninguna salida todavía' })).toBeInTheDocument();
    expect(screen.getByText(/^Aún no has registrado ninguna salida\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrar una salida' })).toHaveAttribute('href', '/alta-salida');
    expect(screen.getAllByRole('link', { name: 'Registrar una salida' })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Historial' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'En el mar' })).toBeNull();
  });

  it('says an overdue outing in words, and an authorised person’s outing on the owner’s boat shows without actions', async () => {
    const late = outing({ state: 'overdue', expectedReturn: at(today, '09:00'), overdueSince: at(today, '09:30') });
    const theirs = outing({
      id: 'eeeeeeee-0000-4000-8000-000000000002',
      boatName: 'Brisa',
      loggedBy: { firstName: 'Luis', surnames: 'Pons', self: false },
      skipper: { kind: 'authorised', authorisationId: 'x', firstName: 'Luis', surnames: 'Pons' },
      actions: { return: false, extend: false },
    });
    renderApp('/salidas', { api: answeringApi({ 'GET outings': () => ({ atSea: [late, theirs], history: [] }) }).api });
    const item = await screen.findByRole('article', { name: 'Gaviota' });
    expect(item).toHaveTextContent(
      'Retrasada: el regreso previsto era a las 09:00 y el puerto ya está avisado. Si todo va bien, pulsa «He vuelto» o amplía la hora.',
    );
    expect(within(item).getByText('Retrasada')).toBeInTheDocument();
    // Said before the facts, with the marina's phone to call, and «He vuelto» in place.
    expect(await within(item).findByRole('link', { name: 'Llamar al +34 971 000 041' })).toHaveAttribute(
      'href',
      'tel:+34971000041',
    );
    expect(item).toHaveTextContent(
      /^GaviotaCala BlavaRetrasada(Retrasada: .*)Si necesitas ayuda, llama al puerto:Llamar al \+34 971 000 041Salida/,
    );
    expect(within(item).getByRole('button', { name: 'He vuelto Gaviota' })).toBeEnabled();
    const other = screen.getByRole('article', { name: 'Brisa' });
    expect(other).toHaveTextContent(/^BrisaCala BlavaLa registró Luis Pons\./);
    expect(other).toHaveTextContent('Registrada porLuis Pons');
    expect(within(other).queryByRole('button')).toBeNull();
  });

  it('«He vuelto» marks the return: the outing moves to the history and the notice takes focus', async () => {
    let current = outing();
    const { api, send } = answeringApi({
      'GET outings': () =>
        current.state === 'returned' ? { atSea: [], history: [current] } : { atSea: [current], history: [] },
      'POST outings/eeeeeeee-0000-4000-8000-000000000001/return': () => (current = returned(current)),
    });
    renderApp('/salidas', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'He vuelto Gaviota' }));
    const notice = await findStatus('Regreso de Gaviota registrado. ¡Qué bien tenerte de vuelta!');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(send).toHaveBeenCalledWith('post', 'outings/eeeeeeee-0000-4000-8000-000000000001/return', {});
    expect(screen.getByText('Ahora no tienes ninguna salida en el mar.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Historial' })).getByRole('article')).toHaveTextContent(
      /^miércoles 15 de julio10:00 – 10:07 · Cala Blava/,
    );
  });

  it('a failed return says why and keeps the outing at sea', async () => {
    renderApp('/salidas', {
      api: answeringApi({
        'GET outings': () => ({ atSea: [outing()], history: [] }),
        'POST outings/eeeeeeee-0000-4000-8000-000000000001/return': () => {
          throw new ApiError('network_error');
        },
      }).api,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'He vuelto Gaviota' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/conexión/i);
    expect(screen.getByRole('button', { name: 'He vuelto Gaviota' })).toBeEnabled();
  });

  it('extends the return from the keyboard: the new time list takes focus, offers later quarter hours up to closing, and saves', async () => {
    let current = outing();
    const { api, send } = answeringApi({
      'GET outings': () => ({ atSea: [current], history: [] }),
      'POST outings/eeeeeeee-0000-4000-8000-000000000001/extend': (body) =>
        (current = { ...current, expectedReturn: (body as { expectedReturn: string }).expectedReturn }),
    });
    renderApp('/salidas', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Ampliar hora de regreso Gaviota' }));
    const group = screen.getByRole('group', { name: 'Ampliar el regreso de Gaviota' });
    const select = within(group).getByLabelText('Nuevo regreso previsto');
    await waitFor(() => expect(select).toHaveFocus());
    const choices = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(choices[1]).toBe('14:15');
    expect(choices.at(-1)).toBe('20:00');
    await userEvent.selectOptions(select, at(today, '16:30'));
    await userEvent.click(within(group).getByRole('button', { name: 'Guardar la nueva hora' }));
    await findStatus('Regreso previsto de Gaviota: 16:30.');
    expect(send).toHaveBeenCalledWith('post', 'outings/eeeeeeee-0000-4000-8000-000000000001/extend', {
      expectedReturn: at(today, '16:30'),
    });
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Gaviota' })).toHaveTextContent('Regreso previsto16:30'),
    );
    expect(screen.queryByRole('group', { name: 'Ampliar el regreso de Gaviota' })).toBeNull();
  });

  it('a refused extension is said on the time chosen, which stays chosen; Escape closes it and focus goes back', async () => {
    const { api } = answeringApi({
      'GET outings': () => ({ atSea: [outing()], history: [] }),
      'POST outings/eeeeeeee-0000-4000-8000-000000000001/extend': () => {
        throw new ApiError('return_after_closing', { status: 422 });
      },
    });
    renderApp('/salidas', { api });
    const open = await screen.findByRole('button', { name: 'Ampliar hora de regreso Gaviota' });
    await userEvent.click(open);
    const select = screen.getByLabelText('Nuevo regreso previsto');
    await userEvent.selectOptions(select, at(today, '19:45'));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar la nueva hora' }));
    await waitFor(() =>
      expect(select).toHaveAccessibleDescription(
        expect.stringContaining('La vuelta debe ser el mismo día, antes del cierre del puerto.'),
      ),
    );
    expect(select).toHaveValue(at(today, '19:45'));
    await waitFor(() => expect(select).toHaveFocus());

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Ampliar el regreso de Gaviota' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Ampliar hora de regreso Gaviota' })).toHaveFocus());
  });

  it('with no later time left before closing, says to call the marina', async () => {
    renderApp('/salidas', {
      api: answeringApi({
        'GET outings': () => ({ atSea: [outing({ expectedReturn: at(today, '20:00') })], history: [] }),
      }).api,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ampliar hora de regreso Gaviota' }));
    const group = screen.getByRole('group', { name: 'Ampliar el regreso de Gaviota' });
    expect(group).toHaveTextContent('No queda una hora de regreso posterior antes del cierre del puerto.');
    expect(await within(group).findByRole('link', { name: 'Llamar al +34 971 000 041' })).toHaveAttribute(
      'href',
      'tel:+34971000041',
    );
  });

  it('the overdue notice’s link (?volver=) puts focus on that outing’s «He vuelto»', async () => {
    const other = outing({ id: 'eeeeeeee-0000-4000-8000-000000000002', boatId: 'b2', boatName: 'Brisa' });
    renderApp('/salidas?volver=eeeeeeee-0000-4000-8000-000000000002', {
      api: answeringApi({ 'GET outings': () => ({ atSea: [outing(), other], history: [] }) }).api,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'He vuelto Brisa' })).toHaveFocus());
  });

  it('keeps the last list on the phone and shows it offline, saying from when', async () => {
    // Writing to the phone is throttled by the clock: it must run here.
    vi.useRealTimers();
    renderApp('/salidas', { api: answeringApi({ 'GET outings': () => ({ atSea: [outing()], history: [] }) }).api });
    await screen.findByRole('article', { name: 'Gaviota' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('Cala Blava'));
    cleanup();
    const offline = answeringApi({
      'GET outings': () => {
        throw new ApiError('network_error');
      },
    });
    renderApp('/salidas', { api: offline.api });
    expect(await screen.findByRole('article', { name: 'Gaviota' })).toHaveTextContent('Regreso previsto14:00');
    expect(
      await screen.findByText(/^Sin conexión · actualizado (el \d{1,2}\/\d{1,2} )?a las \d\d:\d\d$/),
    ).toBeInTheDocument();
  });
});

describe('inicio', () => {
  it('shows the outing at sea and its expected return, with the way to salidas', async () => {
    renderApp('/inicio', {
      api: answeringApi({
        'GET outings': () => ({ atSea: [outing()], history: [] }),
        'GET boats': () => ({ boats: [] }),
        'GET launches': () => ({ upcoming: [], past: [] }),
      }).api,
    });
    const card = await screen.findByRole('region', { name: 'En el mar' });
    expect(card).toHaveTextContent('Gaviota');
    expect(card).toHaveTextContent('Regreso previsto14:00');
    expect(within(card).getByRole('link', { name: 'Ver mis salidas' })).toHaveAttribute('href', '/salidas');
  });

  it('says an overdue outing in words, with the marina’s phone and «He vuelto», which clears it and says so', async () => {
    let current = outing({ state: 'overdue', expectedReturn: at(today, '09:00'), overdueSince: at(today, '09:30') });
    const { api, send } = answeringApi({
      'GET outings': () =>
        current.state === 'returned' ? { atSea: [], history: [current] } : { atSea: [current], history: [] },
      'POST outings/eeeeeeee-0000-4000-8000-000000000001/return': () => (current = returned(current)),
      'GET boats': () => ({ boats: [] }),
      'GET launches': () => ({ upcoming: [], past: [] }),
    });
    renderApp('/inicio', { api });
    const card = await screen.findByRole('region', { name: 'En el mar' });
    expect(card).toHaveTextContent('Retrasada: el regreso previsto era a las 09:00 y el puerto ya está avisado.');
    expect(await within(card).findByRole('link', { name: 'Llamar al +34 971 000 041' })).toHaveAttribute(
      'href',
      'tel:+34971000041',
    );
    // «He vuelto» here; extending stays on salidas.
    expect(within(card).queryByRole('button', { name: /^Ampliar/ })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'He vuelto Gaviota' }));
    expect(send).toHaveBeenCalledWith('post', 'outings/eeeeeeee-0000-4000-8000-000000000001/return', {});
    const done = await findStatus('Regreso de Gaviota registrado. ¡Qué bien tenerte de vuelta!', card);
    await waitFor(() => expect(done).toHaveFocus());
    await waitFor(() => expect(card).not.toHaveTextContent('Retrasada'));
  });

  it('offers no «He vuelto» on inicio for an outing still on time (salidas has it)', async () => {
    renderApp('/inicio', {
      api: answeringApi({
        'GET outings': () => ({ atSea: [outing()], history: [] }),
        'GET boats': () => ({ boats: [] }),
        'GET launches': () => ({ upcoming: [], past: [] }),
      }).api,
    });
    const card = await screen.findByRole('region', { name: 'En el mar' });
    expect(card).toHaveTextContent('Regreso previsto14:00');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('shows no card when nothing is at sea', async () => {
    renderApp('/inicio', {
      api: answeringApi({
        'GET outings': () => ({ atSea: [], history: history() }),
        'GET boats': () => ({ boats: [] }),
        'GET launches': () => ({ upcoming: [], past: [] }),
      }).api,
    });
    await screen.findByRole('region', { name: 'Próxima bajada' });
    expect(screen.queryByRole('region', { name: 'En el mar' })).toBeNull();
  });
});

describe('a long history', () => {
  it('loads older outings a page at a time with «Cargar más»', async () => {
    const [first, second] = history();
    renderApp('/salidas', {
      api: answeringApi({
        'GET outings': () => ({ atSea: [], history: [first], next: 'c-1' }),
        'GET outings?cursor=c-1': () => ({ atSea: [], history: [second], next: null }),
      }).api,
    });
    const more = await screen.findByRole('button', { name: 'Cargar más salidas anteriores' });
    const past = screen.getByRole('region', { name: 'Historial' });
    expect(within(past).queryByRole('heading', { name: 'Albatros' })).toBeNull();
    await userEvent.click(more);
    expect(
      await within(screen.getByRole('region', { name: 'Historial' })).findByRole('heading', { name: 'Albatros' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cargar más salidas anteriores' })).toBeNull());
  });
});
