import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { PERSIST_KEY } from '../../lib/queries.ts';
import { renderApp } from '../../test/fixtures.tsx';
import { lentByLuis } from '../../test/boats.ts';
import { addDays } from '../../domain/calendar.ts';
import { formatDay } from '../../domain/format-dates.ts';
import { boatsApi, readyBoat, today, uninsuredBoat } from './boats.fixtures.ts';

describe('misbarcos', () => {
  it('says it is loading, then shows each boat with its facts, "Lista" or a badge per reason with its fix', async () => {
    let answer: (value: unknown) => void = () => {};
    const { api, get } = boatsApi({ 'GET boats': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/misbarcos', { api });
    expect(await screen.findByText('Cargando tus barcos…')).toBeInTheDocument();
    await waitFor(() => expect(get).toHaveBeenCalledWith('boats'));
    answer({ boats: [readyBoat(), uninsuredBoat()] });

    const ready = await screen.findByRole('article', { name: 'Gaviota' });
    // Compact: one line that identifies it, its pill, and its one next action (the rest is on its screen).
    expect(ready).toHaveTextContent('7ª-BA-1-23-19 · 6,5 m · En el rack · rack B-12');
    expect(within(ready).getByText('Lista')).toBeInTheDocument();
    expect(within(ready).getByRole('link', { name: /^Pedir bajada\s*Gaviota$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/alta-pedido-bajada-barco\?barco=/),
    );

    const blocked = screen.getByRole('article', { name: 'Albatros' });
    expect(within(blocked).getByText('No disponible')).toBeInTheDocument();
    expect(within(blocked).queryByRole('link', { name: /^Pedir bajada/ })).toBeNull();
    const badges = within(blocked).getByRole('list', { name: 'Qué falta: Albatros' });
    expect(badges).toHaveTextContent('Seguro caducado');
    expect(within(badges).getByRole('link', { name: 'Renovar el seguro' })).toHaveAttribute(
      'href',
      '/misbarcos/22222222-2222-4222-8222-222222222222',
    );
    expect(within(blocked).getByRole('link', { name: /^Ver y corregir\s*Albatros$/ })).toHaveAttribute(
      'href',
      '/misbarcos/22222222-2222-4222-8222-222222222222',
    );
    expect(screen.getByRole('link', { name: 'Solicitar contrato' })).toHaveAttribute('href', '/alta-contrato');
  });

  it('marks a boat someone else lets the person use: whose it is, until when, and why not when suspended', async () => {
    const lent = (state: 'active' | 'suspended', suspensionReason: string | null) =>
      readyBoat({
        id: '55555555-5555-4555-8555-555555555555',
        name: 'Marea',
        role: 'authorised',
        // As the API sends it: the owner's contract and insurance are not the person's to read.
        contract: null,
        insurance: null,
        authorisation: lentByLuis({ state, suspensionReason }),
        ...(state === 'suspended'
          ? {
              eligibility: {
                eligible: false as const,
                reasons: [{ code: 'authorisation_suspended' as const, text: 'Autorización suspendida', fix: null }],
              },
            }
          : {}),
      });
    const { router } = renderApp('/misbarcos', {
      api: boatsApi({
        'GET boats': () => ({ boats: [readyBoat(), lent('active', null)] }),
        'GET launches': () => ({ upcoming: [], past: [] }),
      }).api,
    });
    const marea = await screen.findByRole('article', { name: 'Marea' });
    expect(marea).toHaveTextContent(`Barco de Luis PonsAutorizado hasta el ${formatDay(addDays(today, 20))}`);
    expect(within(marea).getByRole('link', { name: /^Pedir bajada\s*Marea$/ })).toHaveAttribute(
      'href',
      '/alta-pedido-bajada-barco?barco=55555555-5555-4555-8555-555555555555',
    );
    expect(within(marea).getByRole('link', { name: /^Ver el barco\s*Marea$/ })).toHaveAttribute(
      'href',
      '/misbarcos/55555555-5555-4555-8555-555555555555',
    );
    expect(within(marea).queryByRole('link', { name: /^Ver y corregir/ })).toBeNull();
    // Neither «Sin contrato» nor «Sin seguro»: those rows are the owner's, not missing.
    expect(marea).not.toHaveTextContent('Contrato');
    expect(marea).not.toHaveTextContent('Seguro');
    expect(screen.getByRole('article', { name: 'Gaviota' })).not.toHaveTextContent('Barco de');

    // inicio's card says it too.
    await router.navigate('/inicio');
    const card = await screen.findByRole('region', { name: 'Mis barcos' });
    expect(await within(card).findByText('Barco de Luis Pons')).toBeInTheDocument();

    cleanup();
    localStorage.removeItem(PERSIST_KEY);
    renderApp('/misbarcos', {
      api: boatsApi({ 'GET boats': () => ({ boats: [lent('suspended', 'Fin de temporada')] }) }).api,
    });
    const suspended = await screen.findByRole('article', { name: 'Marea' });
    expect(suspended).toHaveTextContent('Autorización: suspendida');
    expect(suspended).toHaveTextContent('Motivo de la suspensión: Fin de temporada');
    expect(within(suspended).getByRole('list', { name: 'Qué falta: Marea' })).toHaveTextContent(
      'Autorización suspendida',
    );
  });

  it('with no boats, leads to a contract request', async () => {
    renderApp('/misbarcos', { api: boatsApi({ 'GET boats': () => ({ boats: [] }) }).api });
    expect(await screen.findByText(/Aún no tienes ningún barco en el puerto/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar contrato' })).toHaveAttribute('href', '/alta-contrato');
  });

  it('keeps the last list on the phone and shows it offline, saying from when', async () => {
    renderApp('/misbarcos', { api: boatsApi({ 'GET boats': () => ({ boats: [readyBoat()] }) }).api });
    await screen.findByRole('article', { name: 'Gaviota' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('Gaviota'));

    // An hour later the tab is opened again at the dock, without coverage.
    cleanup();
    const kept = JSON.parse(localStorage.getItem(PERSIST_KEY)!) as {
      clientState: { queries: Array<{ state: { dataUpdatedAt: number } }> };
    };
    for (const query of kept.clientState.queries) query.state.dataUpdatedAt -= 60 * 60 * 1000;
    localStorage.setItem(PERSIST_KEY, JSON.stringify(kept));
    const offline = boatsApi({
      'GET boats': () => {
        throw new ApiError('network_error');
      },
    });
    renderApp('/misbarcos', { api: offline.api });
    expect(await screen.findByRole('article', { name: 'Gaviota' })).toBeInTheDocument();
    expect(
      await screen.findByText(/^Sin conexión · actualizado (el \d{1,2}\/\d{1,2} )?a las \d\d:\d\d$/),
    ).toBeInTheDocument();
  });
});
