import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answeringApi, renderApp } from '../../test/fixtures.tsx';
import { boats } from './launches.fixtures.ts';

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
