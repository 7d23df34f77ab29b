import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answeringApi, renderApp } from '../../test/fixtures.tsx';
import { at, boats, launch, tomorrow } from './launches.fixtures.ts';
import { cancelledByMarina } from './inicio-card.tsx';

const nothingBooked = (boatList: ReturnType<typeof boats>) =>
  answeringApi({
    'GET launches': () => ({ upcoming: [], past: [] }),
    'GET boats': () => ({ boats: boatList }),
    'GET outings': () => ({ atSea: [], history: [] }),
  }).api;

describe('inicio’s next launch, when none is booked', () => {
  it('offers «Pedir una bajada» when a boat may go', async () => {
    renderApp('/inicio', { api: nothingBooked(boats()) });
    const card = await screen.findByRole('region', { name: 'Próxima bajada' });
    expect(await within(card).findByRole('link', { name: 'Pedir una bajada' })).toHaveAttribute(
      'href',
      '/alta-pedido-bajada',
    );
  });

  it('does not offer it when no boat may go (a suspended authorisation, an expired insurance): it says where to look', async () => {
    const blocked = boats().filter((boat) => !boat.eligibility.eligible);
    renderApp('/inicio', { api: nothingBooked(blocked) });
    const card = await screen.findByRole('region', { name: 'Próxima bajada' });
    expect(
      await within(card).findByText('Ahora mismo ninguno de tus barcos puede salir: en «Mis barcos» verás qué falta.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Pedir una bajada' })).toBeNull();
  });
});

describe('inicio’s next launch, after the marina cancelled one', () => {
  const byMarina = launch({
    boatName: 'Gaviota',
    status: 'cancelled',
    cancellationReason: 'Temporal de levante: el puerto cierra la bocana.',
    history: [
      { ...launch().history[0]!, to: 'confirmed' },
      {
        at: '2026-11-21T09:00:00+01:00',
        by: 'staff',
        from: 'confirmed',
        to: 'cancelled',
        slotStart: at(tomorrow, '10:00'),
        reason: 'Temporal de levante: el puerto cierra la bocana.',
        byName: null,
      },
    ],
  });

  it('says which, when and the marina’s words, above the rest of the card', async () => {
    const { api } = answeringApi({
      'GET launches': () => ({ upcoming: [], past: [byMarina], next: null }),
      'GET boats': () => ({ boats: boats() }),
      'GET outings': () => ({ atSea: [], history: [] }),
    });
    renderApp('/inicio', { api });
    const card = await screen.findByRole('region', { name: 'Próxima bajada' });
    expect(await within(card).findByText('Cancelada por la marina')).toBeInTheDocument();
    expect(within(card).getByText(/^La marina canceló la bajada de Gaviota del /)).toHaveTextContent(
      /a las 10:00\. Te dice: «Temporal de levante: el puerto cierra la bocana\.»$/,
    );
  });

  it('leaves out the person’s own cancellations and slots already over', () => {
    const own = launch({
      status: 'cancelled',
      history: [{ ...launch().history[0]!, from: 'confirmed', to: 'cancelled', by: 'customer' }],
    });
    const over = { ...byMarina, slotEnd: new Date(Date.now() - 60_000).toISOString() };
    expect(cancelledByMarina([own, over])).toBeUndefined();
    expect(cancelledByMarina([own, byMarina])).toBe(byMarina);
  });
});
